import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { messageSchema } from '@/lib/auth-schemas';

/**
 * The calls behind the mail links and the mail forms (docs/API.md "Accounts and
 * sessions"). All anonymous: a 401 here is an answer (wrong credentials), not an
 * expired session; too many attempts are shown on the form.
 */
const anonymous = { method: 'POST', anonymous: true, inlineRateLimit: true } as const;

/** POST /auth/resend-verification: refused with 'ユーザーがログインしていません' or 'メールは既に認証済みです'. */
export async function resendVerification(input: { email: string; password: string }) {
  return apiRequest('/auth/resend-verification', messageSchema, {
    ...anonymous,
    body: { email: input.email.trim(), password: input.password },
  });
}

/** POST /auth/password-reset: the same answer whether or not the e-mail is registered. */
export async function requestPasswordReset(input: { email: string }) {
  return apiRequest('/auth/password-reset', messageSchema, { ...anonymous, body: { email: input.email.trim() } });
}

/** POST /auth/verify-email with the token from the mail link. */
export async function verifyEmail(token: string) {
  return apiRequest('/auth/verify-email', messageSchema, { ...anonymous, body: { token } });
}

/** POST /auth/password-reset/confirm: sets the new password and revokes every login. */
export async function confirmPasswordReset(input: { token: string; password: string }) {
  return apiRequest('/auth/password-reset/confirm', messageSchema, { ...anonymous, body: input });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
