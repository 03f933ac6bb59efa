import { SESSION_STORAGE_KEYS, STORAGE_SESSION_KEY, TOKEN_REFRESH_MARGIN_MS } from '@/config/constants';
import { isGuestsOnly, paths, skipsAuthInit } from '@/config/paths';
import { t } from '@/i18n/ja';
import { sessionSchema, type Session } from '@/lib/auth-schemas';
import { ApiError, applyAccessRules, buildUrl, errorFromResponse, isFailure, readBody, send } from '@/lib/http';
import { clearBlocked } from '@/lib/access-state';
import { navigateTo } from '@/lib/navigation';
import { authStore, resetAuth, setAuthLoading, setSignedIn } from '@/stores/auth-store';
import { showToast } from '@/stores/toast-store';

/**
 * The session (SPEC §4 Auth, 401, Logout; docs/API.md "Accounts and sessions"):
 * initialisation by POST /auth/refresh (the HttpOnly refresh cookie), the in-memory access
 * token and its refresh before expiry, sign-out, and the automatic logout after a failed
 * 401 retry. Only one refresh runs at a time in this tab, and across tabs they queue on a
 * Web Lock: the server rotates the refresh cookie on each use and treats reuse of an old
 * one as theft, so two refreshes must never race with the same cookie.
 */

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function hasSessionMarker(): boolean {
  return storage()?.getItem(STORAGE_SESSION_KEY) === '1';
}

/** Removes every stored session key (SPEC §4 401: "remove stored session keys"). */
export function clearSessionKeys(): void {
  const s = storage();
  for (const key of SESSION_STORAGE_KEYS) s?.removeItem(key);
}

/** When an access token expires: from expires_in, else the JWT's exp claim, else unknown. */
export function tokenExpiry(session: Pick<Session, 'access_token' | 'expires_in'>, now = Date.now()): number | null {
  if (session.expires_in !== undefined && Number.isFinite(session.expires_in) && session.expires_in > 0) {
    return now + session.expires_in * 1000;
  }
  const payload = session.access_token.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof json.exp === 'number' ? json.exp * 1000 : null;
  } catch {
    return null;
  }
}

let initialised = false;

/** Stores a new session (login or refresh): user, in-memory token, marker. */
export function completeSignIn(session: Session): void {
  setSignedIn(session.user, session.access_token, tokenExpiry(session));
  storage()?.setItem(STORAGE_SESSION_KEY, '1');
  initialised = true;
}

/** Signed out locally: session keys removed and the store reset (SPEC §4 Sign-out). */
export function clearLocalSession(): void {
  clearSessionKeys();
  resetAuth();
}

async function withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks || typeof locks.request !== 'function') return fn();
  return locks.request('pokeca-auth-refresh', fn) as Promise<T>;
}

async function requestRefresh(): Promise<Session | null> {
  const response = await send(buildUrl('/auth/refresh'), { method: 'POST' });
  const body = await readBody(response);
  if (isFailure(response, body)) {
    if (response.status === 401) return null; // no login, expired, revoked
    const error = errorFromResponse(response, body);
    applyAccessRules(error);
    throw error;
  }
  const parsed = sessionSchema.safeParse(body);
  if (!parsed.success) throw new ApiError(t('common.errorLoad'), response.status, 'invalid_response');
  return parsed.data;
}

let refreshing: Promise<Session | null> | null = null;

/**
 * POST /auth/refresh once (concurrent callers share it). Resolves the new session (also
 * stored), or null when the server has no login for this browser. Network errors throw.
 */
export function refreshSession(): Promise<Session | null> {
  refreshing ??= withRefreshLock(requestRefresh)
    .then((session) => {
      if (session) completeSignIn(session);
      return session;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

let initInFlight: Promise<void> | null = null;

/**
 * The auth initialisation while its refresh is still running, else null: the route guard
 * never sends a browser with a session marker to /login before the refresh has answered.
 */
export function pendingAuthInit(): Promise<void> | null {
  return initInFlight;
}

/**
 * SPEC §4 Auth: runs once, on app mount or when the route first leaves /login and /guide.
 * A browser that never signed in (no marker) makes no request.
 */
export function initAuth(): Promise<void> {
  if (initialised) return initInFlight ?? Promise.resolve();
  initialised = true;
  initInFlight = runInitAuth().finally(() => {
    initInFlight = null;
  });
  return initInFlight;
}

async function runInitAuth(): Promise<void> {
  if (!hasSessionMarker()) {
    if (!authStore.get().user) resetAuth();
    return;
  }
  try {
    const session = await refreshSession();
    if (!session) clearLocalSession();
  } catch {
    // Offline or server trouble: signed out for now; the marker stays so a reload retries.
    if (!authStore.get().user) resetAuth();
  }
}

/** On /login and /guide auth is not initialised: loading ends at once (SPEC §4 Auth). */
export function skipAuthInit(): void {
  if (!initialised) setAuthLoading(false);
}

/**
 * Initialises auth for a page, or ends loading where SPEC §4 says not to initialise. On
 * /login a browser with a session marker is initialised all the same: SPEC §2 sends
 * signed-in users from /login to /, which needs to know whether the session is alive.
 */
export function startAuth(pathname: string): void {
  if (skipsAuthInit(pathname) && !(isGuestsOnly(pathname) && hasSessionMarker())) skipAuthInit();
  else void initAuth();
}

/** Requests that failed together cause one logout, one toast. */
const AUTO_LOGOUT_DEDUP_MS = 2_000;
let lastAutoLogout = -Infinity;

/**
 * SPEC §4 401: sign out, remove stored session keys, reset the store, go to /login and
 * say the session expired. Runs once however many requests failed together.
 */
export function autoLogout(): void {
  const now = Date.now();
  if (now - lastAutoLogout < AUTO_LOGOUT_DEDUP_MS) return;
  lastAutoLogout = now;
  const token = authStore.get().accessToken;
  void send(buildUrl('/auth/logout'), { method: 'POST', token }).catch(() => undefined);
  clearLocalSession();
  navigateTo(paths.login.getHref());
  showToast(t('auth.sessionExpired'), 'warning');
}

/**
 * A usable access token: the stored one, refreshed first when it expires within 30 s; while
 * the session is being restored, the restored one. Null when not signed in. A refresh the
 * server refuses logs out automatically.
 */
export async function getFreshAccessToken(now = Date.now()): Promise<string | null> {
  // While a stored session is being restored, a request waits for it instead of going out
  // as a guest (a 401 and a retry for a user's data, a guest answer asked again later).
  if (!authStore.get().accessToken && initInFlight) await initInFlight.catch(() => undefined);
  const { accessToken, expiresAt } = authStore.get();
  if (!accessToken) return null;
  if (expiresAt === null || expiresAt - TOKEN_REFRESH_MARGIN_MS > now) return accessToken;
  const session = await refreshSession();
  if (!session) {
    autoLogout();
    throw new ApiError(t('auth.sessionExpired'), 401, 'auth/session-expired');
  }
  return session.access_token;
}

/**
 * Logout (SPEC §4): POST /auth/logout (revokes the refresh token, clears the cookie), then
 * the user is cleared. A failure (network) throws and leaves the session as it was.
 */
export async function signOut(): Promise<void> {
  const response = await send(buildUrl('/auth/logout'), { method: 'POST', token: authStore.get().accessToken });
  if (response.status >= 500) throw errorFromResponse(response, await readBody(response));
  clearLocalSession();
}

/**
 * SPEC §4 Login: any existing session is cleared first (best effort: the server's logout
 * never fails, and a network error here must not stop the new login).
 */
export async function clearExistingSession(): Promise<void> {
  if (authStore.get().user || hasSessionMarker()) {
    await send(buildUrl('/auth/logout'), { method: 'POST', token: authStore.get().accessToken }).catch(() => undefined);
  }
  clearLocalSession();
}

export type BlockCheck = 'blocked' | 'free' | 'unknown';

/**
 * /blocked asks the server again (POST /auth/refresh, as the session does) whether this
 * browser's login is still blocked: 403 blocked → still blocked (the flag is set anew);
 * a session, or no login at all → free, the flag is removed at once (a lifted block, or a
 * browser someone else was blocked on); a network or server error → unknown, nothing changes.
 */
export async function recheckBlocked(): Promise<BlockCheck> {
  try {
    await refreshSession();
  } catch (error) {
    return error instanceof ApiError && error.code === 'blocked' ? 'blocked' : 'unknown';
  }
  clearBlocked();
  return 'free';
}

/** Test helper: forget that auth was initialised. */
export function resetSessionStateForTests(): void {
  initialised = false;
  initInFlight = null;
  refreshing = null;
  lastAutoLogout = -Infinity;
}
