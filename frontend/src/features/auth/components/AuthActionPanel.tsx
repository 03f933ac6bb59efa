import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { t } from '@/i18n/ja';
import { focusFirstInvalid } from '@/lib/dom';
import { authErrorMessage } from '@/lib/auth-errors';
import { isPasswordLongEnough } from '@/lib/validation';
import form from '@/styles/form.module.css';
import ui from '@/styles/ui.module.css';
import { useConfirmPasswordReset, verifyEmail } from '../api/account-mail';
import { PasswordField } from './PasswordField';
import styles from './auth.module.css';

/** /auth/action?mode=verifyEmail|resetPassword&token=… — the page the mail links open. */
export function AuthActionPanel() {
  const [params] = useSearchParams();
  const mode = params.get('mode');
  const token = params.get('token') ?? '';
  if (token && mode === 'verifyEmail') return <VerifyEmail token={token} />;
  if (token && mode === 'resetPassword') return <ResetPassword token={token} />;
  return (
    <Outcome ok={false} title={t('action.invalidLinkTitle')} body={t('action.invalidLinkBody')}>
      <Link to={paths.home.getHref()} className={ui.secondary}>
        {t('common.backHome')}
      </Link>
    </Outcome>
  );
}

function Outcome({ ok, title, body, children }: { ok: boolean; title: string; body: string; children?: ReactNode }) {
  return (
    <div className={styles.center}>
      <p className={ok ? styles.iconOk : styles.iconNg} aria-hidden="true">
        {ok ? '✓' : '!'}
      </p>
      <h1 className={ui.pageTitle}>{title}</h1>
      <p role={ok ? 'status' : 'alert'}>{body}</p>
      <p className={styles.actions}>{children}</p>
    </div>
  );
}

/**
 * Verifies once on open. A query (not an effect) so React's dev double-mount and
 * re-renders never send the single-use token twice.
 */
function VerifyEmail({ token }: { token: string }) {
  const verification = useQuery({
    queryKey: ['auth-action', 'verify-email', token],
    queryFn: () => verifyEmail(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnMount: false,
    refetchOnReconnect: false,
  });
  if (verification.isPending) return <Spinner label={t('action.verifying')} />;
  // The link was opened before and did its work: nothing failed, the address is verified.
  if ((verification.error as { code?: string } | null)?.code === 'auth/already-verified') {
    return (
      <Outcome ok title={t('action.alreadyVerifiedTitle')} body={t('action.alreadyVerifiedBody')}>
        <Link to={paths.login.getHref()} className={ui.primary}>
          {t('login.submit')}
        </Link>
      </Outcome>
    );
  }
  if (verification.isError) {
    return (
      <Outcome ok={false} title={t('action.verifyFailedTitle')} body={authErrorMessage(verification.error)}>
        <Link to={paths.emailVerification.getHref()} className={ui.primary}>
          {t('action.resendVerification')}
        </Link>
      </Outcome>
    );
  }
  return (
    <Outcome ok title={t('action.verifiedTitle')} body={t('action.verifiedBody')}>
      <Link to={paths.login.getHref()} className={ui.primary}>
        {t('login.submit')}
      </Link>
    </Outcome>
  );
}

function ResetPassword({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const reset = useConfirmPasswordReset();
  const errors = {
    password: isPasswordLongEnough(password) ? null : t('authError.weakPassword'),
    confirm: confirm === password ? null : t('action.mismatch'),
  };

  if (reset.isSuccess) {
    return (
      <Outcome ok title={t('action.resetDoneTitle')} body={t('action.resetDoneBody')}>
        <Link to={paths.login.getHref()} className={ui.primary}>
          {t('login.submit')}
        </Link>
      </Outcome>
    );
  }
  const linkDead = (reset.error as { code?: string } | null)?.code === 'auth/invalid-action-code';
  if (linkDead) {
    return (
      <Outcome ok={false} title={t('action.resetFailedTitle')} body={authErrorMessage(reset.error)}>
        <Link to={paths.passwordReset.getHref()} className={ui.primary}>
          {t('action.requestAgain')}
        </Link>
      </Outcome>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (errors.password || errors.confirm) return focusFirstInvalid(event.currentTarget as HTMLFormElement);
    if (reset.isPending) return;
    reset.mutate({ token, password });
  };

  return (
    <>
      <h1 className={ui.pageTitle}>{t('action.resetTitle')}</h1>
      <form className={form.form} onSubmit={onSubmit} noValidate aria-label={t('action.resetTitle')}>
        <p className={form.note}>{t('action.resetBody')}</p>
        {reset.isError && <Alert type="error">{authErrorMessage(reset.error)}</Alert>}
        <PasswordField
          label={t('action.newPassword')}
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
          withHint
          error={submitted ? errors.password : null}
        />
        <PasswordField
          label={t('action.confirmPassword')}
          value={confirm}
          onChange={setConfirm}
          autoComplete="new-password"
          error={submitted ? errors.confirm : null}
        />
        <button type="submit" className={`${ui.primary} ${form.submit}`} disabled={reset.isPending} aria-busy={reset.isPending}>
          {reset.isPending ? t('action.resetSubmitting') : t('action.resetSubmit')}
        </button>
      </form>
    </>
  );
}
