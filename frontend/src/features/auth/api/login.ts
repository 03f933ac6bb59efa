import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { t } from '@/i18n/ja';
import { ApiError, apiRequest } from '@/lib/api';
import { sessionSchema, type User } from '@/lib/auth-schemas';
import { clearExistingSession, completeSignIn } from '@/lib/session';

const loginResponseSchema = z.extend(sessionSchema, { success: z.literal(true) });

export interface LoginInput {
  email: string;
  password: string;
}

/**
 * POST /auth/login (SPEC §4 Login): any existing session is cleared first; an unverified
 * e-mail is refused with SPEC's message; on success the session is stored (the guard then
 * leaves /login).
 */
export async function login({ email, password }: LoginInput): Promise<User> {
  await clearExistingSession();
  const session = await apiRequest('/auth/login', loginResponseSchema, {
    method: 'POST',
    body: { email: email.trim(), password },
    anonymous: true,
    inlineRateLimit: true,
  });
  if (!session.user.email_verified) {
    // The server refuses unverified logins itself; this is the belt to its braces.
    await clearExistingSession();
    throw new ApiError(t('auth.emailNotVerified'), 403, 'auth/email-not-verified');
  }
  completeSignIn(session);
  return session.user;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
