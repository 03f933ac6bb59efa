import {
  BLOCKED_FLAG_TTL_MS,
  DEFAULT_RATE_LIMIT_RETRY_SECONDS,
  MAX_RATE_LIMIT_RETRY_SECONDS,
  STORAGE_BLOCKED_AT_KEY,
  STORAGE_BLOCKED_KEY,
  STORAGE_RATE_LIMIT_UNTIL_KEY,
} from '@/config/constants';

/** The blocked flag and rate-limit expiry kept in localStorage (SPEC §2 Route guard, §4). */

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // private mode or disabled storage: the guard simply does nothing
  }
}

/** The server said "blocked" (403 blocked): set the flag, and remember when. */
export function setBlocked(now = Date.now()): void {
  const s = storage();
  s?.setItem(STORAGE_BLOCKED_KEY, 'true');
  s?.setItem(STORAGE_BLOCKED_AT_KEY, String(now));
}

/** The server no longer says "blocked" (or the flag lapsed): the browser is free again. */
export function clearBlocked(): void {
  const s = storage();
  s?.removeItem(STORAGE_BLOCKED_KEY);
  s?.removeItem(STORAGE_BLOCKED_AT_KEY);
}

/**
 * SPEC §2: the flag 'true' confines the browser to /blocked. It holds for
 * BLOCKED_FLAG_TTL_MS after the server last confirmed it, then lapses (removed). A flag
 * without a readable time (set by an older version, or the clock moved back) starts its
 * lifetime now, so it still confines until /blocked has asked the server.
 */
export function isBlocked(now = Date.now()): boolean {
  const s = storage();
  if (s?.getItem(STORAGE_BLOCKED_KEY) !== 'true') return false;
  const at = Number(s.getItem(STORAGE_BLOCKED_AT_KEY) ?? NaN);
  if (!Number.isFinite(at) || at > now) {
    s.setItem(STORAGE_BLOCKED_AT_KEY, String(now));
    return true;
  }
  if (now - at >= BLOCKED_FLAG_TTL_MS) {
    clearBlocked();
    return false;
  }
  return true;
}

/** Stores the time until which requests are refused; returns it (ms since epoch). */
export function setRateLimited(retryAfterSeconds: number | undefined, now = Date.now()): number {
  const seconds =
    retryAfterSeconds !== undefined && Number.isFinite(retryAfterSeconds) && retryAfterSeconds > 0
      ? retryAfterSeconds
      : DEFAULT_RATE_LIMIT_RETRY_SECONDS;
  const until = now + Math.min(seconds, MAX_RATE_LIMIT_RETRY_SECONDS) * 1000;
  storage()?.setItem(STORAGE_RATE_LIMIT_UNTIL_KEY, String(until));
  return until;
}

/**
 * The stored rate-limit expiry if it is still in the future, else null.
 * An expired (or unreadable) timestamp is removed, as SPEC §2 asks; so is a stale one, further
 * ahead than any limit lasts (MAX_RATE_LIMIT_RETRY_SECONDS).
 */
export function getRateLimitedUntil(now = Date.now()): number | null {
  const s = storage();
  const raw = s?.getItem(STORAGE_RATE_LIMIT_UNTIL_KEY);
  if (raw == null) return null;
  const until = Number(raw);
  if (!Number.isFinite(until) || until <= now || until - now > MAX_RATE_LIMIT_RETRY_SECONDS * 1000) {
    s?.removeItem(STORAGE_RATE_LIMIT_UNTIL_KEY);
    return null;
  }
  return until;
}

/** Where the route guard sends a navigation to `pathname`, or null to let it through. */
export function guardRedirect(pathname: string, now = Date.now()): string | null {
  if (isBlocked(now)) return pathname === '/blocked' ? null : '/blocked';
  if (getRateLimitedUntil(now) !== null) return pathname === '/rate-limited' ? null : '/rate-limited';
  return null;
}
