import { z } from 'zod/mini';
import { t } from '@/i18n/ja';
import { ApiError, applyAccessRules, buildUrl, errorFromResponse, isFailure, readBody, send, type QueryValue } from '@/lib/http';
import { autoLogout, getFreshAccessToken, refreshSession } from '@/lib/session';
import { authStore } from '@/stores/auth-store';

/**
 * The one HTTP client (SPEC §4, §7; DESIGN "Frontend house style"): base /api/v1, 10 s
 * timeout, JSON, a fresh bearer token (refreshed when it is about to expire), one retry
 * after a 401 with a refreshed token and then the automatic logout, the error envelope
 * turned into ApiError with the server's Japanese message, 429 → /rate-limited,
 * 403 blocked → /blocked.
 */

export { ApiError, buildUrl };
export type { ApiErrorCode, QueryValue } from '@/lib/http';

/** `{ success: true, data: … }` around a data schema. */
export function envelope<T extends z.ZodMiniType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** A JSON value, or FormData sent as multipart/form-data. */
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * Calls made without a session (login, sign-up, mail links, the public timeline): no
   * bearer, no refresh, and a 401 is an ordinary answer, not an expired session.
   */
  anonymous?: boolean;
  /**
   * The auth forms show "too many attempts" themselves (SPEC §8 too-many-requests) rather
   * than confining the whole site to /rate-limited.
   */
  inlineRateLimit?: boolean;
  /**
   * The same GET already started (the map's first view, prefetched by the entry):
   * its answer is used instead of sending again; null (or a failed prefetch) sends as usual.
   */
  prefetched?: Promise<Response | null> | null;
}

/** Sends a request and validates the successful body with `schema`. */
export async function apiRequest<S extends z.ZodMiniType>(
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.infer<S>> {
  const url = buildUrl(path, options.query);
  const token = options.anonymous ? null : await getFreshAccessToken();
  let response = (options.prefetched && (await options.prefetched)) || (await send(url, { ...options, token }));

  if (response.status === 401 && !options.anonymous) {
    // SPEC §4: one retry with a refreshed token; if that fails, or nobody is signed in,
    // the automatic logout follows.
    let retryToken: string | null = null;
    if (authStore.get().user) {
      const current = authStore.get().accessToken;
      retryToken = current && current !== token ? current : ((await refreshSession())?.access_token ?? null);
    }
    if (retryToken) response = await send(url, { ...options, token: retryToken });
    if (!retryToken || response.status === 401) {
      autoLogout();
      throw new ApiError(t('auth.sessionExpired'), 401, 'auth/session-expired');
    }
  }

  const body = await readBody(response);
  if (isFailure(response, body)) {
    const error = errorFromResponse(response, body);
    if (!(options.inlineRateLimit && error.status === 429)) applyAccessRules(error);
    throw error;
  }

  const result = schema.safeParse(body);
  if (!result.success) {
    if (import.meta.env.DEV && import.meta.env.MODE !== 'test') console.error('invalid API response', path, result.error);
    throw new ApiError(t('common.errorLoad'), response.status, 'invalid_response');
  }
  return result.data;
}
