import { z } from 'zod/mini';
import { API_BASE, API_TIMEOUT_MS } from '@/config/constants';
import { paths } from '@/config/paths';
import { t } from '@/i18n/ja';
import { setBlocked, setRateLimited } from '@/lib/access-state';
import { navigateTo } from '@/lib/navigation';
import { noteApiResponse } from '@/stores/connectivity-store';

/**
 * The transport under the API client (lib/api.ts) and the session code (lib/session.ts):
 * fetch with the 10 s timeout (uploads pass a longer one), JSON or multipart FormData bodies, the error envelope turned into ApiError, and SPEC §4's
 * 429 → /rate-limited and 403 blocked → /blocked. No auth logic here.
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
  /** True when `message` is the server's own text (the envelope's `error`). */
  readonly fromServer: boolean;

  constructor(message: string, status: number, code: ApiErrorCode, retryAfter?: number, fromServer = false) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.retryAfter = retryAfter;
    this.fromServer = fromServer;
  }
}

const errorEnvelope = z.object({
  success: z.literal(false),
  error: z.optional(z.string()),
  code: z.optional(z.string()),
  retry_after: z.optional(z.number()),
});

export type QueryValue = string | number | boolean | undefined | null;

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

export interface SendOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Bearer access token to attach. */
  token?: string | null;
}

/** One fetch with the timeout; network failures and timeouts become ApiError. */
export async function send(url: string, options: SendOptions = {}): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? API_TIMEOUT_MS);
  const onOuterAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onOuterAbort);

  // FormData goes as it is: the browser writes the multipart Content-Type with its boundary.
  const multipart = options.body instanceof FormData;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;

  try {
    const response = await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : multipart ? (options.body as FormData) : JSON.stringify(options.body),
      signal: controller.signal,
      credentials: 'same-origin',
    });
    noteApiResponse(response); // an answer from the service worker's offline cache carries its age
    return response;
  } catch (error) {
    if (timedOut) throw new ApiError(t('common.timeout'), 0, 'timeout');
    if (options.signal?.aborted) throw error; // cancelled by the caller (e.g. TanStack Query)
    throw new ApiError(t('common.networkError'), 0, 'network');
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onOuterAbort);
  }
}

export async function readBody(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

export function isFailure(response: Response, body: unknown): boolean {
  return !response.ok || (body as { success?: unknown } | null)?.success === false;
}

function parseRetryAfter(body: unknown, header: string | null): number | undefined {
  const parsed = errorEnvelope.safeParse(body);
  if (parsed.success && parsed.data.retry_after !== undefined) return parsed.data.retry_after;
  const seconds = header ? Number(header) : NaN;
  return Number.isFinite(seconds) ? seconds : undefined;
}

/** The ApiError for a failed answer: the server's Japanese message and code. No side effects. */
export function errorFromResponse(response: Response, body: unknown): ApiError {
  const parsed = errorEnvelope.safeParse(body);
  const code = parsed.success ? parsed.data.code : undefined;
  const serverMessage = parsed.success ? parsed.data.error : undefined;
  const message = serverMessage ?? t('common.unknownError');
  const fromServer = serverMessage !== undefined;
  if (response.status === 429) {
    const retryAfter = parseRetryAfter(body, response.headers.get('Retry-After'));
    return new ApiError(message, 429, code ?? 'rate_limited', retryAfter, fromServer);
  }
  if (response.status === 403 && code === 'blocked') return new ApiError(message, 403, 'blocked', undefined, fromServer);
  return new ApiError(message, response.status, code ?? `http_${response.status}`, undefined, fromServer);
}

/** SPEC §4: 429 stores the expiry and goes to /rate-limited; 403 blocked sets the flag and goes to /blocked. */
export function applyAccessRules(error: ApiError): void {
  if (error.status === 429) {
    setRateLimited(error.retryAfter);
    navigateTo(paths.rateLimited.getHref());
  } else if (error.status === 403 && error.code === 'blocked') {
    setBlocked();
    navigateTo(paths.blocked.getHref());
  }
}
