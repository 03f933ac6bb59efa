import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { paths } from '@/config/paths';
import { t } from '@/i18n/ja';
import { focusFirstInvalid } from '@/lib/dom';
import { authErrorMessage } from '@/lib/auth-errors';
import { emailError } from '@/lib/validation';
import form from '@/styles/form.module.css';
import ui from '@/styles/ui.module.css';
import { useResendVerification } from '../api/account-mail';
import { EmailField } from './EmailField';
import { PasswordField } from './PasswordField';
import type { EmailVerificationState } from './SignUpForm';
import styles from './auth.module.css';

/** /email-verification: "check your mail", and the resend form (SPEC §5's two refusals). */
export function EmailVerificationPanel() {
  const state = (useLocation().state ?? {}) as EmailVerificationState;
  return (
    <>
      <div className={styles.center}>
        <p className={styles.icon} aria-hidden="true">
          ✉️
        </p>
        <h1 className={ui.pageTitle}>{t('verify.title')}</h1>
      </div>
      {state.email && <p>{t('verify.sentTo', { email: state.email })}</p>}
      {state.mailSent === false ? <Alert type="warning">{t('verify.mailFailed')}</Alert> : <p>{t('verify.body')}</p>}
      <section className={styles.section} aria-labelledby="resend-title">
        <h2 id="resend-title" className={styles.sectionTitle}>
          {t('verify.resendTitle')}
        </h2>
        <p className={form.note}>{t('verify.resendBody')}</p>
        <ResendForm initialEmail={state.email ?? ''} />
      </section>
      <p className={styles.actions}>
        <Link to={paths.login.getHref()} className={ui.secondary}>
          {t('verify.toLogin')}
        </Link>
      </p>
    </>
  );
}

function ResendForm({ initialEmail }: { initialEmail: string }) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const resend = useResendVerification();
  const errors = { email: emailError(email), password: password ? null : t('form.passwordHintEmpty') };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (errors.email || errors.password) return focusFirstInvalid(event.currentTarget as HTMLFormElement);
    if (resend.isPending) return;
    resend.mutate({ email, password });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('verify.resend')} className={`${form.form} ${styles.formGap}`}>
      {resend.isSuccess && <Alert type="success">{t('verify.resent')}</Alert>}
      {resend.isError && <Alert type="error">{authErrorMessage(resend.error)}</Alert>}
      <EmailField value={email} onChange={setEmail} error={submitted ? errors.email : null} />
      <PasswordField
        label={t('form.password')}
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
        error={submitted ? errors.password : null}
      />
      <button type="submit" className={`${ui.secondary} ${form.submit}`} disabled={resend.isPending} aria-busy={resend.isPending}>
        {resend.isPending ? t('verify.resending') : t('verify.resend')}
      </button>
    </form>
  );
}
