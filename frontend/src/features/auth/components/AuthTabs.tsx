import { useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { t } from '@/i18n/ja';
import { LoginForm } from './LoginForm';
import { SignUpForm } from './SignUpForm';
import styles from './auth.module.css';

type Tab = 'login' | 'signup';
const TABS: readonly Tab[] = ['login', 'signup'];

/** /login: login and sign-up as two tabs (?tab=signup opens the second). */
export function AuthTabs() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'signup' ? 'signup' : 'login';
  const refs = useRef<Record<Tab, HTMLButtonElement | null>>({ login: null, signup: null });

  const select = (next: Tab, focus = false) => {
    setParams(next === 'signup' ? { tab: 'signup' } : {}, { replace: true, preventScrollReset: true });
    if (focus) refs.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft' && event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    const index = TABS.indexOf(tab);
    const next =
      event.key === 'Home' ? 0 : event.key === 'End' ? TABS.length - 1 : (index + (event.key === 'ArrowRight' ? 1 : -1) + TABS.length) % TABS.length;
    select(TABS[next]!, true);
  };

  return (
    <div>
      <div role="tablist" aria-label={t('login.tabs')} className={styles.tabs} onKeyDown={onKeyDown}>
        {TABS.map((id) => (
          <button
            key={id}
            ref={(el) => {
              refs.current[id] = el;
            }}
            type="button"
            role="tab"
            id={`auth-tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`auth-panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            className={styles.tab}
            onClick={() => select(id)}
          >
            {id === 'login' ? t('login.tabLogin') : t('login.tabSignup')}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`auth-panel-${tab}`} aria-labelledby={`auth-tab-${tab}`} className={styles.panel}>
        {tab === 'login' ? <LoginForm /> : <SignUpForm />}
      </div>
    </div>
  );
}
