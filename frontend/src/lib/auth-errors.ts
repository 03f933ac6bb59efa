import { t, type MessageKey } from '@/i18n/ja';

/**
 * Every auth error code → its Japanese message, in one place (SPEC §8 "Auth codes mapped
 * to Japanese messages"). Codes come with or without the `auth/` prefix; the client's own
 * network failure counts as network-request-failed.
 */
export const AUTH_ERROR_MESSAGES: Readonly<Record<string, MessageKey>> = {
  'invalid-credential': 'authError.invalidCredential',
  'user-not-found': 'authError.userNotFound',
  'wrong-password': 'authError.wrongPassword',
  'invalid-email': 'authError.invalidEmail',
  'user-disabled': 'authError.userDisabled',
  'too-many-requests': 'authError.tooManyRequests',
  'weak-password': 'authError.weakPassword',
  'email-already-in-use': 'authError.emailAlreadyInUse',
  'requires-recent-login': 'authError.requiresRecentLogin',
  'network-request-failed': 'authError.networkRequestFailed',
  // our server's codes beyond the provider's list (docs/API.md)
  'email-not-verified': 'auth.emailNotVerified',
  'not-logged-in': 'auth.notLoggedIn',
  'already-verified': 'auth.alreadyVerified',
  'invalid-action-code': 'auth.invalidActionCode',
  'session-expired': 'auth.sessionExpired',
  unauthenticated: 'auth.sessionExpired',
  // the API client's own codes
  network: 'authError.networkRequestFailed',
  rate_limited: 'authError.tooManyRequests',
};

/** The server's duplicate-e-mail text some answers carry (SPEC §8). */
const EMAIL_TAKEN = 'Email has already been taken';

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const code = (error as { code: unknown }).code;
  return typeof code === 'string' ? code.replace(/^auth\//, '') : undefined;
}

function messageOf(error: unknown): string | undefined {
  if (typeof error === 'string') return error;
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const message = (error as { message: unknown }).message;
    return typeof message === 'string' ? message : undefined;
  }
  return undefined;
}

/** SPEC §8: the mapped message, else the raw message, else 認証エラーが発生しました. */
export function authErrorMessage(error: unknown): string {
  const code = codeOf(error);
  const key = code !== undefined ? AUTH_ERROR_MESSAGES[code] : undefined;
  if (key) return t(key);
  const message = messageOf(error)?.trim();
  if (message && message.includes(EMAIL_TAKEN)) return t('authError.emailAlreadyInUse');
  return message || t('authError.default');
}
