import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useConfig } from '@/api/config';
import { paths } from '@/config/paths';
import { t } from '@/i18n/ja';
import { recheckBlocked } from '@/lib/session';
import { showToast } from '@/stores/toast-store';
import ui from '@/styles/ui.module.css';
import styles from './pages.module.css';

/**
 * The blocked notice. On every visit it asks the server again: a lifted block (or a
 * browser whose login is not blocked) leaves at once for the home page.
 */
export function BlockedRoute() {
  const { data: config } = useConfig();
  const navigate = useNavigate();
  const [checking, setChecking] = useState(true);
  useEffect(() => {
    let live = true;
    void recheckBlocked().then((verdict) => {
      if (!live) return;
      setChecking(false);
      if (verdict === 'free') {
        showToast(t('blocked.lifted'), 'success');
        void navigate(paths.home.getHref(), { replace: true });
      }
    });
    return () => {
      live = false;
    };
  }, [navigate]);
  return (
    <div className={ui.page}>
      <section className={ui.card}>
        <h1 className={ui.pageTitle}>{t('blocked.title')}</h1>
        <p>{t('blocked.body')}</p>
        <p role="status" aria-live="polite" className={styles.timer}>
          {checking ? t('blocked.checking') : ''}
        </p>
        {config?.contact_url && (
          <p className={styles.actions}>
            <a href={config.contact_url} className={ui.secondary} target="_blank" rel="noopener noreferrer">
              {t('footer.contact')}
            </a>
          </p>
        )}
      </section>
    </div>
  );
}
