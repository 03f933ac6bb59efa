import { describe, expect, it, vi } from 'vitest';
import { STORAGE_BLOCKED_KEY, STORAGE_RATE_LIMIT_UNTIL_KEY } from '@/config/constants';
import { ApiError } from '@/lib/http';
import { evaluateGuard, runAdminCheck, waitForAuth, waitForAuthLoading } from './route-guard';

const guest = { isLoading: false, isAuthenticated: false };
const member = { isLoading: false, isAuthenticated: true };
const loading = { isLoading: true, isAuthenticated: false };

describe('evaluateGuard (SPEC §2 Route guard)', () => {
  it('lets public pages through for everyone, even while auth loads', () => {
    for (const path of ['/', '/map', '/privacy-policy', '/guide/x', '/password-reset', '/auth/action', '/email-verification', '/nope', '/administrator']) {
      expect(evaluateGuard(path, loading)).toEqual({ kind: 'pass' });
      expect(evaluateGuard(path, guest)).toEqual({ kind: 'pass' });
    }
  });

  it("sends every navigation to /blocked when the blocked flag is 'true' (before anything else)", () => {
    localStorage.setItem(STORAGE_BLOCKED_KEY, 'true');
    expect(evaluateGuard('/profile', member)).toEqual({ kind: 'redirect', to: '/blocked' });
    expect(evaluateGuard('/login', guest)).toEqual({ kind: 'redirect', to: '/blocked' });
    expect(evaluateGuard('/blocked', guest)).toEqual({ kind: 'pass' });
  });

  it('sends navigation to /rate-limited while the expiry is in the future, and removes it once past', () => {
    const now = 5_000_000;
    localStorage.setItem(STORAGE_RATE_LIMIT_UNTIL_KEY, String(now + 1));
    expect(evaluateGuard('/', guest, undefined, now)).toEqual({ kind: 'redirect', to: '/rate-limited' });
    expect(evaluateGuard('/', guest, undefined, now + 1)).toEqual({ kind: 'pass' });
    expect(localStorage.getItem(STORAGE_RATE_LIMIT_UNTIL_KEY)).toBeNull();
  });

  it.each(['/profile', '/favorites', '/saved-routes', '/my-stats', '/withdrawal', '/profile/'])(
    'login-required %s: waits while loading, then /login for a guest, through for a member',
    (path) => {
      expect(evaluateGuard(path, loading)).toEqual({ kind: 'wait' });
      expect(evaluateGuard(path, guest, path)).toEqual({
        kind: 'redirect',
        to: '/login',
        message: 'adminGuard.loginRequired',
        from: path,
      });
      expect(evaluateGuard(path, member)).toEqual({ kind: 'pass' });
    },
  );

  it.each(['/admin', '/admin/analytics', '/admin/stores', '/admin/stores/42', '/admin/users/7/', '/admin/audit'])('admin %s: waits, /login for a guest, else asks the server', (path) => {
    expect(evaluateGuard(path, loading)).toEqual({ kind: 'wait' });
    expect(evaluateGuard(path, guest)).toMatchObject({ kind: 'redirect', to: '/login', message: 'adminGuard.loginRequired' });
    expect(evaluateGuard(path, member)).toEqual({ kind: 'admin-check' });
  });

  it('/login is for guests only: a signed-in user goes to /', () => {
    expect(evaluateGuard('/login', guest)).toEqual({ kind: 'pass' });
    // A stored session is being restored: wait for it rather than show the form.
    expect(evaluateGuard('/login', loading)).toEqual({ kind: 'wait' });
    expect(evaluateGuard('/login', member)).toEqual({ kind: 'redirect', to: '/' });
  });
});

describe('waitForAuth: SPEC wait, then the session refresh in flight', () => {
  it('gives up after 30 × 100 ms when no refresh is in flight', async () => {
    vi.useFakeTimers();
    let result: boolean | undefined;
    void waitForAuth(() => true, () => null).then((r) => (result = r));
    await vi.advanceTimersByTimeAsync(3_100);
    expect(result).toBe(false);
  });

  it('keeps waiting past 3 s while the refresh of a stored session is in flight', async () => {
    vi.useFakeTimers();
    let loadingNow = true;
    let answer: () => void = () => {};
    const refresh = new Promise<void>((resolve) => (answer = resolve));
    let result: boolean | undefined;
    void waitForAuth(() => loadingNow, () => refresh).then((r) => (result = r));
    await vi.advanceTimersByTimeAsync(8_000);
    expect(result).toBeUndefined();
    loadingNow = false;
    answer();
    await vi.advanceTimersByTimeAsync(0);
    expect(result).toBe(true);
  });
});

describe('waitForAuthLoading: 30 checks at 100 ms', () => {
  it('resolves at once when auth is not loading', async () => {
    const isLoading = vi.fn(() => false);
    await expect(waitForAuthLoading(isLoading)).resolves.toBe(true);
    expect(isLoading).toHaveBeenCalledTimes(1);
  });

  it('resolves at the first check after loading ends', async () => {
    vi.useFakeTimers();
    let loadingNow = true;
    const isLoading = vi.fn(() => loadingNow);
    let result: boolean | undefined;
    void waitForAuthLoading(isLoading).then((r) => (result = r));
    await vi.advanceTimersByTimeAsync(450);
    expect(result).toBeUndefined();
    expect(isLoading).toHaveBeenCalledTimes(5); // t = 0, 100, 200, 300, 400
    loadingNow = false;
    await vi.advanceTimersByTimeAsync(100);
    expect(result).toBe(true);
    expect(isLoading).toHaveBeenCalledTimes(6);
  });

  it('gives up after 3000 ms (30 checks) when auth is still loading', async () => {
    vi.useFakeTimers();
    const isLoading = vi.fn(() => true);
    let result: boolean | undefined;
    void waitForAuthLoading(isLoading).then((r) => (result = r));
    await vi.advanceTimersByTimeAsync(2_999);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toBe(false);
    expect(isLoading.mock.calls.length).toBeGreaterThanOrEqual(30);
    expect(isLoading.mock.calls.length).toBeLessThanOrEqual(31);
  });
});

describe('runAdminCheck: the four admin messages (SPEC §8)', () => {
  const deps = (over: Partial<Parameters<typeof runAdminCheck>[0]> = {}) => ({
    isAuthenticated: () => true,
    getToken: async () => 'tok',
    check: async () => true,
    ...over,
  });

  it('lets an admin through', async () => {
    await expect(runAdminCheck(deps())).resolves.toEqual({ kind: 'pass' });
  });

  it('not signed in → ログインが必要です', async () => {
    await expect(runAdminCheck(deps({ isAuthenticated: () => false }))).resolves.toMatchObject({
      to: '/login',
      message: 'adminGuard.loginRequired',
    });
  });

  it('no token → 認証情報が見つかりません', async () => {
    await expect(runAdminCheck(deps({ getToken: async () => null }))).resolves.toMatchObject({ message: 'adminGuard.noCredentials' });
    await expect(runAdminCheck(deps({ getToken: () => Promise.reject(new Error('x')) }))).resolves.toMatchObject({
      message: 'adminGuard.noCredentials',
    });
  });

  it('denied (admin false or 403 forbidden) → 管理者権限が必要です', async () => {
    await expect(runAdminCheck(deps({ check: async () => false }))).resolves.toMatchObject({ message: 'adminGuard.forbidden' });
    const forbidden = new ApiError('権限がありません', 403, 'forbidden');
    await expect(runAdminCheck(deps({ check: () => Promise.reject(forbidden) }))).resolves.toMatchObject({
      to: '/login',
      message: 'adminGuard.forbidden',
    });
  });

  it('any other error → 権限の確認中にエラーが発生しました', async () => {
    const network = new ApiError('ネットワークエラーが発生しました', 0, 'network');
    await expect(runAdminCheck(deps({ check: () => Promise.reject(network) }))).resolves.toMatchObject({
      message: 'adminGuard.checkFailed',
    });
    await expect(runAdminCheck(deps({ check: () => Promise.reject(new Error('boom')) }))).resolves.toMatchObject({
      message: 'adminGuard.checkFailed',
    });
  });

  it('blocked and rate-limited go where the API client sent them; an expired session adds no second message', async () => {
    const blocked = new ApiError('x', 403, 'blocked');
    await expect(runAdminCheck(deps({ check: () => Promise.reject(blocked) }))).resolves.toEqual({ kind: 'redirect', to: '/blocked' });
    const limited = new ApiError('x', 429, 'rate_limited', 60);
    await expect(runAdminCheck(deps({ check: () => Promise.reject(limited) }))).resolves.toEqual({ kind: 'redirect', to: '/rate-limited' });
    const expired = new ApiError('x', 401, 'auth/session-expired');
    await expect(runAdminCheck(deps({ check: () => Promise.reject(expired) }))).resolves.toEqual({
      kind: 'redirect',
      to: '/login',
      message: undefined,
    });
  });
});
