import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api';
import { clearLocalSession } from '@/lib/session';

export interface SignUpInput {
  email: string;
  password: string;
  nickname: string;
  /** A Japanese prefecture name, or '' for none. */
  prefecture: string;
}

const signUpResponseSchema = z.object({
  success: z.literal(true),
  message: z.optional(z.nullable(z.string())),
  mail_sent: z._default(z.optional(z.boolean()), true),
});

/**
 * POST /users with SPEC §3's payload user{email, username, prefecture} plus the password
 * (PRODUCT §3). The account starts unverified and a verification mail is sent; local
 * state is cleared (SPEC §4 Registration) and the user must verify before logging in.
 */
export async function signUp(input: SignUpInput): Promise<{ mailSent: boolean }> {
  const body = await apiRequest('/users', signUpResponseSchema, {
    method: 'POST',
    body: {
      user: {
        email: input.email.trim(),
        password: input.password,
        username: input.nickname.trim(),
        prefecture: input.prefecture,
      },
    },
    anonymous: true,
    inlineRateLimit: true,
  });
  clearLocalSession();
  return { mailSent: body.mail_sent };
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
