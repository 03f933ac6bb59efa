import { NICKNAME_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/config/constants';
import { t } from '@/i18n/ja';

/** Client-side checks of the account forms (SPEC §5; the server checks again). */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailError(email: string): string | null {
  const value = email.trim();
  if (!value) return t('form.emailRequired');
  if (!EMAIL.test(value)) return t('authError.invalidEmail');
  return null;
}

/** Characters counted as the user sees them (an emoji is one). */
export function charLength(value: string): number {
  return Array.from(value).length;
}

export function isPasswordLongEnough(password: string): boolean {
  return charLength(password) >= PASSWORD_MIN_LENGTH;
}

/** The live hint under a new password: what is still missing, or a tick. */
export function passwordHint(password: string): { text: string; ok: boolean } {
  const length = charLength(password);
  if (length === 0) return { text: t('form.passwordHintEmpty'), ok: false };
  if (length < PASSWORD_MIN_LENGTH) return { text: t('form.passwordHintShort', { n: PASSWORD_MIN_LENGTH - length }), ok: false };
  return { text: t('form.passwordHintOk'), ok: true };
}

export function nicknameError(nickname: string): string | null {
  const value = nickname.trim();
  if (!value) return t('form.nicknameRequired');
  if (charLength(value) > NICKNAME_MAX_LENGTH) return t('form.nicknameTooLong');
  return null;
}
