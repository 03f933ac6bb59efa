import { z } from 'zod/mini';

/**
 * The account shapes of docs/API.md "Accounts and sessions", validated at the
 * edge. Unknown extra fields are ignored; missing optional ones get safe defaults.
 */
export const userSchema = z.object({
  id: z.union([z.number(), z.string()]),
  email: z._default(z.optional(z.string()), ''),
  nickname: z._default(z.optional(z.nullable(z.string())), ''),
  prefecture: z._default(z.optional(z.nullable(z.string())), null),
  admin: z._default(z.optional(z.boolean()), false),
  email_verified: z._default(z.optional(z.boolean()), true),
  created_at: z.optional(z.nullable(z.string())),
  /** A mail when someone reports 購入できた at a favourite store (off by default). */
  favorite_alerts: z._default(z.optional(z.boolean()), false),
  /** A mail per review of my store submissions (approved or rejected, with the reason): on unless turned off. */
  review_mail: z._default(z.optional(z.boolean()), true),
});
export type User = z.infer<typeof userSchema>;

/** Login and refresh answer a Session (with `success` beside it). */
export const sessionSchema = z.object({
  access_token: z.string().check(z.minLength(1)),
  expires_in: z.optional(z.number()),
  user: userSchema,
});
export type Session = z.infer<typeof sessionSchema>;

/** `{ success: true, user }` (auth/me, users/profile). */
export const userEnvelopeSchema = z.object({ success: z.literal(true), user: userSchema });

/** `{ success: true, message? }` for calls that answer with a message only. */
export const messageSchema = z.object({
  success: z.literal(true),
  message: z.optional(z.nullable(z.string())),
});
