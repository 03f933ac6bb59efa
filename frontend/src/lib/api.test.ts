import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { STORAGE_BLOCKED_KEY, STORAGE_RATE_LIMIT_UNTIL_KEY } from '@/config/constants';
import { signInForTest } from '@/testing/fixtures';
import { jsonResponse } from '@/testing/test-utils';
import { apiRequest, ApiError, envelope } from './api';
import { setNavigator } from './navigation';

type Handler = (url: URL, init?: RequestInit) => Response | Promise<Response>;

/**
 * These tests check the arguments the client hands to fetch (the exact FormData object,
 * headers it must not set, the abort signal of its timeout), so fetch itself is replaced
 * here rather than answered by the fake server (docs/decisions/frontend-structure.md).
 */
function mockApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const handler = handlers[`${method} ${url.pathname}`] ?? handlers[url.pathname];
    if (!handler) return jsonResponse({ success: false, error: '見つかりません', code: 'not_found' }, { status: 404 });
    return handler(url, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const schema = envelope(z.object({ ok: z.boolean() }));
const navigate = vi.fn();

beforeEach(() => {
  navigate.mockReset();
  setNavigator(navigate);
});

afterEach(() => {
  setNavigator((to) => window.location.assign(to));
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the request to fail');
}

describe('apiRequest', () => {
  it('calls /api/v1 with JSON and returns the validated body', async () => {
    const fetchMock = mockApi({ '/api/v1/thing': () => jsonResponse({ success: true, data: { ok: true } }) });
    await expect(apiRequest('/thing', schema, { query: { a: 1, b: undefined } })).resolves.toEqual({
      success: true,
      data: { ok: true },
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/thing?a=1');
    expect((init?.headers as Record<string, string>).Accept).toBe('application/json');
  });

  it('sends FormData as it is (the browser writes the multipart Content-Type) with the bearer', async () => {
    signInForTest({}, { token: 'tok-9' });
    const fetchMock = mockApi({ 'POST /api/v1/upload': () => jsonResponse({ success: true, data: { ok: true } }) });
    const form = new FormData();
    form.append('a[b]', 'c');
    await apiRequest('/upload', schema, { method: 'POST', body: form });
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.body).toBe(form);
    const headers = init.headers as Record<string, string>;
    expect(headers['Content-Type']).toBeUndefined();
    expect(headers.Authorization).toBe('Bearer tok-9');
  });

  it('gives up after the timeout it is given', async () => {
    vi.useFakeTimers();
    mockApi({
      '/api/v1/slow': (_url, init) =>
        new Promise<Response>((_ok, fail) => init?.signal?.addEventListener('abort', () => fail(new DOMException('aborted', 'AbortError')))),
    });
    const pending = failure(apiRequest('/slow', schema, { timeoutMs: 120_000 }));
    await vi.advanceTimersByTimeAsync(60_000);
    let settled = false;
    void pending.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect((await pending).code).toBe('timeout');
  });

  it('turns the error envelope into an ApiError with the Japanese message and code', async () => {
    mockApi({
      '/api/v1/thing': () => jsonResponse({ success: false, error: '入力が正しくありません', code: 'bad_request' }, { status: 400 }),
    });
    const error = await failure(apiRequest('/thing', schema));
    expect(error.message).toBe('入力が正しくありません');
    expect(error.code).toBe('bad_request');
    expect(error.status).toBe(400);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('on 429 stores the retry time from retry_after and goes to /rate-limited', async () => {
    const now = Date.now();
    mockApi({
      '/api/v1/thing': () =>
        jsonResponse({ success: false, error: 'リクエストが多すぎます', code: 'rate_limited', retry_after: 120 }, { status: 429 }),
    });
    const error = await failure(apiRequest('/thing', schema));
    expect(error.status).toBe(429);
    const until = Number(localStorage.getItem(STORAGE_RATE_LIMIT_UNTIL_KEY));
    expect(until).toBeGreaterThanOrEqual(now + 120_000);
    expect(until).toBeLessThan(now + 125_000);
    expect(navigate).toHaveBeenCalledWith('/rate-limited');
  });

  it('on 429 without retry_after falls back to the Retry-After header, else 60 s', async () => {
    const now = Date.now();
    mockApi({ '/api/v1/h': () => jsonResponse({ success: false }, { status: 429, headers: { 'Retry-After': '30' } }) });
    await failure(apiRequest('/h', schema));
    expect(Number(localStorage.getItem(STORAGE_RATE_LIMIT_UNTIL_KEY)) - now).toBeLessThan(35_000);

    localStorage.clear();
    mockApi({ '/api/v1/none': () => new Response('Too Many Requests', { status: 429 }) });
    await failure(apiRequest('/none', schema));
    const wait = Number(localStorage.getItem(STORAGE_RATE_LIMIT_UNTIL_KEY)) - now;
    expect(wait).toBeGreaterThanOrEqual(60_000);
    expect(wait).toBeLessThan(65_000);
  });

  it('on 403 blocked sets the blocked flag and goes to /blocked', async () => {
    mockApi({
      '/api/v1/thing': () => jsonResponse({ success: false, error: 'アクセスが制限されています', code: 'blocked' }, { status: 403 }),
    });
    const error = await failure(apiRequest('/thing', schema));
    expect(error.code).toBe('blocked');
    expect(localStorage.getItem(STORAGE_BLOCKED_KEY)).toBe('true');
    expect(navigate).toHaveBeenCalledWith('/blocked');
  });

  it('a 403 with another code is an ordinary error', async () => {
    mockApi({ '/api/v1/thing': () => jsonResponse({ success: false, error: '権限がありません', code: 'forbidden' }, { status: 403 }) });
    const error = await failure(apiRequest('/thing', schema));
    expect(error.code).toBe('forbidden');
    expect(localStorage.getItem(STORAGE_BLOCKED_KEY)).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('gives up after 10 s with a timeout error', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const pending = failure(apiRequest('/slow', schema));
    await vi.advanceTimersByTimeAsync(9_999);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error.code).toBe('timeout');
    expect(error.message).toContain('サーバーの応答がありません');
  });

  it('reports a network failure in Japanese', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    const error = await failure(apiRequest('/x', schema));
    expect(error.code).toBe('network');
    expect(error.message).toBe('ネットワークエラーが発生しました');
  });

  it('rejects a body that does not match the schema', async () => {
    mockApi({ '/api/v1/thing': () => jsonResponse({ success: true, data: { ok: 'yes' } }) });
    const error = await failure(apiRequest('/thing', schema));
    expect(error.code).toBe('invalid_response');
  });
});
