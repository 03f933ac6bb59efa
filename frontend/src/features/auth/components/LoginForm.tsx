import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { paths } from '@/config/paths';
import { t } from '@/i18n/ja';
import { focusFirstInvalid } from '@/lib/dom';
import { authErrorMessage } from '@/lib/auth-errors';
import { emailError } from '@/lib/validation';
import { showToast } from '@/stores/toast-store';
import form from '@/styles/form.module.css';
import ui from '@/styles/ui.module.css';
import { useLogin } from '../api/login';
import { EmailField } from './EmailField';
import { PasswordField } from './PasswordField';

/** Where a login goes next: the page the guard turned away, else home (never back to /login). */
function nextPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith(paths.login.path)
    ? from
    : paths.home.getHref();
}

/** Login (SPEC §4 Login): on success back to the page that needed it, else home. */
export function LoginForm() {
  const location = useLocation();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const login = useLogin();

  const errors = {
    email: emailError(email),
    password: password ? null : t('form.passwordHintEmpty'),
  };
  const invalid = Boolean(errors.email || errors.password);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (invalid) return focusFirstInvalid(event.currentTarget as HTMLFormElement);
    if (login.isPending) return;
    login.mutate(
      { email, password },
      {
        onSuccess: () => {
          showToast(t('auth.loggedIn'), 'success');
          void navigate(nextPath(location.state), { replace: true });
        },
      },
    );
  };

  const code = (login.error as { code?: string } | null)?.code;
  const notVerified = code === 'auth/email-not-verified';

  return (
    <form className={form.form} onSubmit={onSubmit} noValidate aria-label={t('login.tabLogin')}>
      {login.isError && (
        <Alert type="error">
          {authErrorMessage(login.error)}
          {notVerified && (
            <>
              {' '}
              <Link to={paths.emailVerification.getHref()}>{t('action.resendVerification')}</Link>
            </>
          )}
        </Alert>
      )}
      <EmailField value={email} onChange={setEmail} error={submitted ? errors.email : null} />
      <PasswordField
        label={t('form.password')}
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
        name="password"
        error={submitted ? errors.password : null}
      />
      <button type="submit" className={`${ui.primary} ${form.submit}`} disabled={login.isPending} aria-busy={login.isPending}>
        {login.isPending ? t('login.submitting') : t('login.submit')}
      </button>
      <ul className={form.links}>
        <li>
          <Link to={paths.passwordReset.getHref()}>{t('login.forgot')}</Link>
        </li>
        <li>
          <Link to={paths.emailVerification.getHref()}>{t('login.resend')}</Link>
        </li>
      </ul>
    </form>
  );
}
