import { z } from 'zod/mini';
import { API_BASE, API_TIMEOUT_MS } from '@/config/constants';
import { paths } from '@/config/paths';
import { t } from '@/i18n/ja';
import { setBlocked, setRateLimited } from '@/lib/access-state';
import { navigateTo } from '@/lib/navigation';
import { getAccessToken, refreshAccessToken } from '@/stores/auth-store';

/**
 * The one HTTP client (SPEC §4, §7; DESIGN "Frontend house style"): base /api/v1,
 * 10 s timeout, JSON, the error envelope turned into ApiError with the server's
 * Japanese message, 429 → /rate-limited, 403 blocked → /blocked.
 */

export type ApiErrorCode =
  | 'timeout'
  | 'network'
  | 'invalid_response'
  | 'rate_limited'
  | 'blocked'
  | (string & {});

export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly retryAfter: number | undefined;

  constructor(message: string, status: number, code: ApiErrorCode, retryAfter?: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.retryAfter = retryAfter;
  }
}

const errorEnvelope = z.object({
  success: z.literal(false),
  error: z.optional(z.string()),
  code: z.optional(z.string()),
  retry_after: z.optional(z.number()),
});

/** `{ success: true, data: … }` around a data schema. */
export function envelope<T extends z.ZodMiniType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

export type QueryValue = string | number | boolean | undefined | null;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

function parseRetryAfter(body: unknown, header: string | null): number | undefined {
  const parsed = errorEnvelope.safeParse(body);
  if (parsed.success && parsed.data.retry_after !== undefined) return parsed.data.retry_after;
  const seconds = header ? Number(header) : NaN;
  return Number.isFinite(seconds) ? seconds : undefined;
}

async function send(url: string, options: RequestOptions): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? API_TIMEOUT_MS);
  const onOuterAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onOuterAbort);

  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const token = getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  try {
    return await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (timedOut) throw new ApiError(t('common.timeout'), 0, 'timeout');
    if (options.signal?.aborted) throw error; // cancelled by the caller (e.g. TanStack Query)
    throw new ApiError(t('common.networkError'), 0, 'network');
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onOuterAbort);
  }
}

/** Sends a request and validates the successful body with `schema`. */
export async function apiRequest<S extends z.ZodMiniType>(
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.infer<S>> {
  const url = buildUrl(path, options.query);
  let response = await send(url, options);

  if (response.status === 401) {
    // Hook point for the accounts issue: one retry with a refreshed token, then logout.
    const fresh = await refreshAccessToken();
    if (fresh) response = await send(url, options);
  }

  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = null;
  }

  if (!response.ok || (body as { success?: unknown } | null)?.success === false) {
    const parsed = errorEnvelope.safeParse(body);
    const code = parsed.success ? parsed.data.code : undefined;
    const message = (parsed.success ? parsed.data.error : undefined) ?? t('common.unknownError');

    if (response.status === 429) {
      const retryAfter = parseRetryAfter(body, response.headers.get('Retry-After'));
      setRateLimited(retryAfter);
      navigateTo(paths.rateLimited.getHref());
      throw new ApiError(message, 429, code ?? 'rate_limited', retryAfter);
    }
    if (response.status === 403 && code === 'blocked') {
      setBlocked();
      navigateTo(paths.blocked.getHref());
      throw new ApiError(message, 403, 'blocked');
    }
    throw new ApiError(message, response.status, code ?? `http_${response.status}`);
  }

  const result = schema.safeParse(body);
  if (!result.success) {
    if (import.meta.env.DEV && import.meta.env.MODE !== 'test') console.error('invalid API response', path, result.error);
    throw new ApiError(t('common.errorLoad'), response.status, 'invalid_response');
  }
  return result.data;
}
