import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { Toaster } from '@/components/ui/Toaster';
import { STORAGE_SESSION_KEY } from '@/config/constants';
import { authStore, initialAuthState } from '@/stores/auth-store';
import { signInForTest, userFixture } from '@/testing/fixtures';
import { jsonResponse, sentAuthorization, mockApi } from '@/testing/test-utils';
import { ApiError, apiRequest } from './api';
import { setNavigator } from './navigation';
import { getFreshAccessToken, initAuth, refreshSession, resetSessionStateForTests, signOut, startAuth, tokenExpiry } from './session';

const okSchema = z.object({ success: z.literal(true) });
const navigate = vi.fn();

function session(token: string, expiresIn = 900) {
  return { success: true, access_token: token, expires_in: expiresIn, user: userFixture };
}
const unauthorized = () => jsonResponse({ success: false, error: '認証が必要です', code: 'auth/unauthenticated' }, { status: 401 });
const refreshRefused = () => jsonResponse({ success: false, error: 'x', code: 'auth/session-expired' }, { status: 401 });

beforeEach(() => {
  navigate.mockReset();
  setNavigator(navigate);
});

afterEach(() => {
  setNavigator((to) => window.location.assign(to));
});

describe('auth initialisation (SPEC §4 Auth)', () => {
  it('starts loading', () => {
    expect(initialAuthState().isLoading).toBe(true);
  });

  it('a browser that never signed in makes no request and stops loading', async () => {
    authStore.set(initialAuthState());
    const fetchMock = mockApi({});
    await initAuth();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(authStore.get()).toMatchObject({ isLoading: false, user: null });
  });

  it('with a stored session: POST /auth/refresh → token in memory only, user in the store', async () => {
    authStore.set(initialAuthState());
    localStorage.setItem(STORAGE_SESSION_KEY, '1');
    const fetchMock = mockApi({ 'POST /api/v1/auth/refresh': () => jsonResponse(session('fresh')) });
    await initAuth();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    expect(authStore.get()).toMatchObject({ isLoading: false, accessToken: 'fresh', user: { nickname: 'サトシ' } });
    expect(JSON.stringify({ ...localStorage })).not.toContain('fresh');
  });

  it('a refused refresh signs out and removes the stored session key', async () => {
    authStore.set(initialAuthState());
    localStorage.setItem(STORAGE_SESSION_KEY, '1');
    mockApi({ 'POST /api/v1/auth/refresh': refreshRefused });
    await initAuth();
    expect(authStore.get()).toMatchObject({ isLoading: false, user: null, accessToken: null });
    expect(localStorage.getItem(STORAGE_SESSION_KEY)).toBeNull();
  });

  it('a network failure stops loading but keeps the key so a reload tries again', async () => {
    authStore.set(initialAuthState());
    localStorage.setItem(STORAGE_SESSION_KEY, '1');
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('offline'))));
    await initAuth();
    expect(authStore.get()).toMatchObject({ isLoading: false, user: null });
    expect(localStorage.getItem(STORAGE_SESSION_KEY)).toBe('1');
  });

  it('under /guide, and on /login without a stored session: not initialised, loading set to false; later, once, when leaving', async () => {
    authStore.set(initialAuthState());
    localStorage.setItem(STORAGE_SESSION_KEY, '1');
    const fetchMock = mockApi({ 'POST /api/v1/auth/refresh': () => jsonResponse(session('t')) });
    startAuth('/guide/hajimete');
    expect(authStore.get().isLoading).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
    startAuth('/map');
    startAuth('/');
    await vi.waitFor(() => expect(authStore.get().user).not.toBeNull());
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('on /login: a browser without a session marker makes no request; one with it is initialised (SPEC §2: signed-in users go to /)', async () => {
    authStore.set(initialAuthState());
    const fetchMock = mockApi({ 'POST /api/v1/auth/refresh': () => jsonResponse(session('t')) });
    startAuth('/login');
    expect(authStore.get().isLoading).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();

    resetSessionStateForTests();
    authStore.set(initialAuthState());
    localStorage.setItem(STORAGE_SESSION_KEY, '1');
    startAuth('/login');
    expect(authStore.get().isLoading).toBe(true);
    await vi.waitFor(() => expect(authStore.get().user).not.toBeNull());
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('token expiry', () => {
  it('comes from expires_in, else the JWT exp claim, else is unknown', () => {
    expect(tokenExpiry({ access_token: 'x', expires_in: 900 }, 1_000)).toBe(901_000);
    const payload = btoa(JSON.stringify({ exp: 2_000_000_000 })).replace(/=+$/, '');
    expect(tokenExpiry({ access_token: `h.${payload}.s` }, 0)).toBe(2_000_000_000_000);
    expect(tokenExpiry({ access_token: 'opaque' }, 0)).toBeNull();
  });

  it('refreshes before a request when the token expires within 30 s', async () => {
    signInForTest({}, { token: 'old', expiresInS: 20 });
    const fetchMock = mockApi({
      'POST /api/v1/auth/refresh': () => jsonResponse(session('new')),
      '/api/v1/thing': () => jsonResponse({ success: true }),
    });
    await apiRequest('/thing', okSchema);
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toEqual(['/api/v1/auth/refresh', '/api/v1/thing']);
    expect(sentAuthorization(fetchMock.mock.calls[1]![1])).toBe('Bearer new');
  });

  it('concurrent callers share one refresh (the server treats a reused refresh cookie as theft)', async () => {
    signInForTest({}, { token: 'old', expiresInS: 1 });
    const fetchMock = mockApi({
      'POST /api/v1/auth/refresh': () => jsonResponse(session('new')),
      '/api/v1/a': () => jsonResponse({ success: true }),
      '/api/v1/b': () => jsonResponse({ success: true }),
    });
    await Promise.all([apiRequest('/a', okSchema), apiRequest('/b', okSchema), refreshSession()]);
    expect(fetchMock.mock.calls.filter((c) => String(c[0]) === '/api/v1/auth/refresh')).toHaveLength(1);
  });
});

describe('the API client and 401 (SPEC §4)', () => {
  it('attaches the bearer token', async () => {
    signInForTest({}, { token: 'abc' });
    const fetchMock = mockApi({ '/api/v1/thing': () => jsonResponse({ success: true }) });
    await apiRequest('/thing', okSchema);
    expect(sentAuthorization(fetchMock.mock.calls[0]![1])).toBe('Bearer abc');
  });

  it('retries once with a refreshed token after a 401', async () => {
    signInForTest({}, { token: 'stale' });
    let calls = 0;
    const fetchMock = mockApi({
      'POST /api/v1/auth/refresh': () => jsonResponse(session('fresh')),
      '/api/v1/thing': (_url, init) => {
        calls++;
        return sentAuthorization(init) === 'Bearer fresh' ? jsonResponse({ success: true }) : unauthorized();
      },
    });
    await expect(apiRequest('/thing', okSchema)).resolves.toEqual({ success: true });
    expect(calls).toBe(2);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(authStore.get().accessToken).toBe('fresh');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('logs out automatically when the retry is refused too: keys removed, store reset, /login, one message', async () => {
    signInForTest({}, { token: 'stale' });
    render(<Toaster />);
    const fetchMock = mockApi({
      'POST /api/v1/auth/refresh': () => jsonResponse(session('fresh')),
      'POST /api/v1/auth/logout': () => jsonResponse({ success: true }),
      '/api/v1/thing': unauthorized,
    });
    let error: unknown;
    await act(async () => {
      error = await apiRequest('/thing', okSchema).catch((e: unknown) => e);
    });
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(fetchMock.mock.calls.filter((c) => String(c[0]) === '/api/v1/thing')).toHaveLength(2); // one retry only
    expect(fetchMock.mock.calls.some((c) => String(c[0]) === '/api/v1/auth/logout')).toBe(true);
    expect(authStore.get()).toMatchObject({ user: null, accessToken: null, isLoading: false });
    expect(localStorage.getItem(STORAGE_SESSION_KEY)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(screen.getByText('セッションの有効期限が切れました。再度ログインしてください。')).toBeInTheDocument();
  });

  it('logs out automatically when the refresh itself is refused', async () => {
    signInForTest({}, { token: 'stale' });
    mockApi({
      'POST /api/v1/auth/refresh': refreshRefused,
      'POST /api/v1/auth/logout': () => jsonResponse({ success: true }),
      '/api/v1/thing': unauthorized,
    });
    await expect(apiRequest('/thing', okSchema)).rejects.toMatchObject({ status: 401, code: 'auth/session-expired' });
    expect(authStore.get().user).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('a 401 with nobody signed in logs out at once (no refresh)', async () => {
    const fetchMock = mockApi({ '/api/v1/thing': unauthorized });
    await expect(apiRequest('/thing', okSchema)).rejects.toMatchObject({ status: 401 });
    expect(fetchMock.mock.calls.some((c) => String(c[0]) === '/api/v1/auth/refresh')).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('many requests failing together log out once', async () => {
    signInForTest({}, { token: 'stale' });
    render(<Toaster />);
    mockApi({ 'POST /api/v1/auth/refresh': refreshRefused, '/api/v1/thing': unauthorized });
    await act(async () => {
      await Promise.allSettled([apiRequest('/thing', okSchema), apiRequest('/thing', okSchema), apiRequest('/thing', okSchema)]);
    });
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(screen.getAllByText('セッションの有効期限が切れました。再度ログインしてください。')).toHaveLength(1);
  });

  it('anonymous calls (login, mail links) take a 401 as an answer: no bearer, no refresh, no logout', async () => {
    signInForTest({}, { token: 'abc' });
    const fetchMock = mockApi({
      '/api/v1/auth/login': () =>
        jsonResponse({ success: false, error: 'メールアドレスまたはパスワードが違います', code: 'auth/invalid-credential' }, { status: 401 }),
    });
    await expect(apiRequest('/auth/login', okSchema, { method: 'POST', anonymous: true })).rejects.toMatchObject({
      code: 'auth/invalid-credential',
      fromServer: true,
    });
    expect(sentAuthorization(fetchMock.mock.calls[0]![1])).toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
    expect(authStore.get().user).not.toBeNull();
  });

  it('inlineRateLimit keeps a 429 on the form instead of going to /rate-limited', async () => {
    mockApi({
      '/api/v1/auth/login': () =>
        jsonResponse({ success: false, error: '多すぎます', code: 'auth/too-many-requests', retry_after: 30 }, { status: 429 }),
    });
    await expect(
      apiRequest('/auth/login', okSchema, { method: 'POST', anonymous: true, inlineRateLimit: true }),
    ).rejects.toMatchObject({ status: 429, code: 'auth/too-many-requests' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('getFreshAccessToken is null for a guest', async () => {
    await expect(getFreshAccessToken()).resolves.toBeNull();
  });
});

describe('logout (SPEC §4 Logout)', () => {
  it('POST /auth/logout, then the user is cleared', async () => {
    signInForTest();
    const fetchMock = mockApi({ 'POST /api/v1/auth/logout': () => jsonResponse({ success: true }) });
    await signOut();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(authStore.get().user).toBeNull();
    expect(localStorage.getItem(STORAGE_SESSION_KEY)).toBeNull();
  });

  it('a network failure is reported and leaves the session as it was', async () => {
    signInForTest();
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('offline'))));
    await expect(signOut()).rejects.toMatchObject({ code: 'network' });
    expect(authStore.get().user).not.toBeNull();
  });
});
