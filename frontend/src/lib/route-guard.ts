import { GUARD_WAIT_CHECKS, GUARD_WAIT_INTERVAL_MS } from '@/config/constants';
import { isAdminOnly, isGuestsOnly, isLoginRequired, paths } from '@/config/paths';
import type { MessageKey } from '@/i18n/ja';
import { guardRedirect } from '@/lib/access-state';
import { ApiError } from '@/lib/http';

/**
 * The route guard's rules (SPEC §2 Route guard), run on each navigation:
 * 1. the blocked flag → /blocked; a rate limit still in force → /rate-limited (expired → removed);
 * 2. /login is for guests: a signed-in user goes to /;
 * 3. login-required and admin routes wait for auth loading (30 × 100 ms at most), then
 *    send a guest to /login;
 * 4. admin routes ask the server (GET /admin/check); denial or error → /login with a message.
 */
export type GuardVerdict =
  | { kind: 'pass' }
  | { kind: 'wait' }
  | { kind: 'admin-check' }
  | { kind: 'redirect'; to: string; message?: MessageKey; from?: string };

export interface GuardAuth {
  isLoading: boolean;
  isAuthenticated: boolean;
}

export function evaluateGuard(pathname: string, auth: GuardAuth, from?: string, now = Date.now()): GuardVerdict {
  const access = guardRedirect(pathname, now);
  if (access) return { kind: 'redirect', to: access };
  if (isGuestsOnly(pathname)) {
    if (auth.isAuthenticated) return { kind: 'redirect', to: paths.home.getHref() };
    return auth.isLoading ? { kind: 'wait' } : { kind: 'pass' };
  }
  const admin = isAdminOnly(pathname);
  if (!admin && !isLoginRequired(pathname)) return { kind: 'pass' };
  if (auth.isLoading) return { kind: 'wait' };
  if (!auth.isAuthenticated) {
    return { kind: 'redirect', to: paths.login.getHref(), message: 'adminGuard.loginRequired', from };
  }
  return admin ? { kind: 'admin-check' } : { kind: 'pass' };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Checks `isLoading` up to 30 times at 100 ms intervals (3000 ms at most). Resolves true
 * once loading has finished, false if it is still loading after the last check.
 */
export async function waitForAuthLoading(
  isLoading: () => boolean,
  { checks = GUARD_WAIT_CHECKS, intervalMs = GUARD_WAIT_INTERVAL_MS, signal }: { checks?: number; intervalMs?: number; signal?: AbortSignal } = {},
): Promise<boolean> {
  for (let i = 0; i < checks; i++) {
    if (!isLoading()) return true;
    if (signal?.aborted) return false;
    await sleep(intervalMs);
  }
  return !isLoading();
}

/**
 * The guard's wait: SPEC's 30 × 100 ms, then, if auth is still loading because the session
 * refresh of a browser with a session marker is still in flight, until that refresh answers
 * (a slow network must not make a signed-in user look logged out). Resolves true when
 * loading has finished.
 */
export async function waitForAuth(
  isLoading: () => boolean,
  refreshInFlight: () => Promise<void> | null,
  options: { checks?: number; intervalMs?: number; signal?: AbortSignal } = {},
): Promise<boolean> {
  if (await waitForAuthLoading(isLoading, options)) return true;
  const pending = refreshInFlight();
  if (!pending || options.signal?.aborted) return false;
  await pending.catch(() => undefined);
  return !isLoading();
}

/**
 * SPEC §8 Admin guard messages: not signed in → ログインが必要です; no token →
 * 認証情報が見つかりません; not an admin → 管理者権限が必要です; anything else →
 * 権限の確認中にエラーが発生しました. A blocked account or a rate limit goes where the
 * API client already sent it; an expired session has already logged out (with its own message).
 */
export async function runAdminCheck(deps: {
  isAuthenticated: () => boolean;
  getToken: () => Promise<string | null>;
  check: () => Promise<boolean>;
}): Promise<GuardVerdict> {
  const toLogin = (message?: MessageKey): GuardVerdict => ({ kind: 'redirect', to: paths.login.getHref(), message });
  if (!deps.isAuthenticated()) return toLogin('adminGuard.loginRequired');
  let token: string | null;
  try {
    token = await deps.getToken();
  } catch {
    token = null;
  }
  if (!token) return toLogin('adminGuard.noCredentials');
  try {
    return (await deps.check()) ? { kind: 'pass' } : toLogin('adminGuard.forbidden');
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.code === 'blocked') return { kind: 'redirect', to: paths.blocked.getHref() };
      if (error.status === 429) return { kind: 'redirect', to: paths.rateLimited.getHref() };
      if (error.status === 401) return toLogin();
      if (error.status === 403) return toLogin('adminGuard.forbidden');
    }
    return toLogin('adminGuard.checkFailed');
  }
}
