import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { ProfileFields } from '@/components/ui/ProfileFields';
import { paths } from '@/config/paths';
import { t } from '@/i18n/ja';
import { focusFirstInvalid } from '@/lib/dom';
import { authErrorMessage } from '@/lib/auth-errors';
import { emailError, isPasswordLongEnough, nicknameError } from '@/lib/validation';
import form from '@/styles/form.module.css';
import ui from '@/styles/ui.module.css';
import { useSignUp } from '../api/sign-up';
import { EmailField } from './EmailField';
import { PasswordField } from './PasswordField';

export interface EmailVerificationState {
  email?: string;
  mailSent?: boolean;
}

/** Sign-up (SPEC §4 Registration): e-mail, password (6+ with a live hint), nickname, prefecture. */
export function SignUpForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [nickname, setNickname] = useState('');
  const [prefecture, setPrefecture] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const signUp = useSignUp();
  const navigate = useNavigate();

  const errors = {
    email: emailError(email),
    password: isPasswordLongEnough(password) ? null : t('authError.weakPassword'),
    nickname: nicknameError(nickname),
  };
  const invalid = Boolean(errors.email || errors.password || errors.nickname);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (invalid) return focusFirstInvalid(event.currentTarget as HTMLFormElement);
    if (signUp.isPending) return;
    signUp.mutate(
      { email, password, nickname, prefecture },
      {
        onSuccess: ({ mailSent }) => {
          const state: EmailVerificationState = { email: email.trim(), mailSent };
          void navigate(paths.emailVerification.getHref(), { state });
        },
      },
    );
  };

  return (
    <form className={form.form} onSubmit={onSubmit} noValidate aria-label={t('login.tabSignup')}>
      <p className={form.note}>{t('signup.note')}</p>
      {submitted && invalid && <Alert type="error">{t('form.fixErrors')}</Alert>}
      {signUp.isError && <Alert type="error">{authErrorMessage(signUp.error)}</Alert>}
      <EmailField value={email} onChange={setEmail} error={submitted ? errors.email : null} />
      <PasswordField
        label={t('form.password')}
        value={password}
        onChange={setPassword}
        autoComplete="new-password"
        name="new-password"
        withHint
        error={submitted ? errors.password : null}
      />
      <ProfileFields
        nickname={nickname}
        onNicknameChange={setNickname}
        nicknameError={submitted ? errors.nickname : null}
        prefecture={prefecture}
        onPrefectureChange={setPrefecture}
      />
      <button type="submit" className={`${ui.primary} ${form.submit}`} disabled={signUp.isPending} aria-busy={signUp.isPending}>
        {signUp.isPending ? t('signup.submitting') : t('signup.submit')}
      </button>
      <p className={form.note}>
        <Link to={paths.privacyPolicy.getHref()}>{t('footer.privacy')}</Link>
        {t('signup.privacyAfter')}
      </p>
    </form>
  );
}
