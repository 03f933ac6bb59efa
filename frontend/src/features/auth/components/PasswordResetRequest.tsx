import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { paths } from '@/config/paths';
import { t } from '@/i18n/ja';
import { focusFirstInvalid } from '@/lib/dom';
import { authErrorMessage } from '@/lib/auth-errors';
import { emailError } from '@/lib/validation';
import form from '@/styles/form.module.css';
import ui from '@/styles/ui.module.css';
import { useRequestPasswordReset } from '../api/account-mail';
import { EmailField } from './EmailField';
import styles from './auth.module.css';

/** /password-reset: asks for the e-mail; the answer is the same whether or not it is registered. */
export function PasswordResetRequest() {
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const reset = useRequestPasswordReset();
  const error = emailError(email);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (error) return focusFirstInvalid(event.currentTarget as HTMLFormElement);
    if (reset.isPending) return;
    reset.mutate({ email });
  };

  return (
    <>
      <h1 className={ui.pageTitle}>{t('reset.title')}</h1>
      {reset.isSuccess ? (
        <Alert type="success">{t('reset.sent')}</Alert>
      ) : (
        <form className={form.form} onSubmit={onSubmit} noValidate aria-label={t('reset.title')}>
          <p className={form.note}>{t('reset.body')}</p>
          {reset.isError && <Alert type="error">{authErrorMessage(reset.error)}</Alert>}
          <EmailField value={email} onChange={setEmail} error={submitted ? error : null} autoFocus />
          <button type="submit" className={`${ui.primary} ${form.submit}`} disabled={reset.isPending} aria-busy={reset.isPending}>
            {reset.isPending ? t('reset.sending') : t('reset.submit')}
          </button>
        </form>
      )}
      <p className={styles.actions}>
        <Link to={paths.login.getHref()} className={ui.secondary}>
          {t('verify.toLogin')}
        </Link>
      </p>
    </>
  );
}
