import {
  DEFAULT_RATE_LIMIT_RETRY_SECONDS,
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

export function setBlocked(): void {
  storage()?.setItem(STORAGE_BLOCKED_KEY, 'true');
}

export function isBlocked(): boolean {
  return storage()?.getItem(STORAGE_BLOCKED_KEY) === 'true';
}

/** Stores the time until which requests are refused; returns it (ms since epoch). */
export function setRateLimited(retryAfterSeconds: number | undefined, now = Date.now()): number {
  const seconds =
    retryAfterSeconds !== undefined && Number.isFinite(retryAfterSeconds) && retryAfterSeconds > 0
      ? retryAfterSeconds
      : DEFAULT_RATE_LIMIT_RETRY_SECONDS;
  const until = now + seconds * 1000;
  storage()?.setItem(STORAGE_RATE_LIMIT_UNTIL_KEY, String(until));
  return until;
}

/**
 * The stored rate-limit expiry if it is still in the future, else null.
 * An expired (or unreadable) timestamp is removed, as SPEC §2 asks.
 */
export function getRateLimitedUntil(now = Date.now()): number | null {
  const s = storage();
  const raw = s?.getItem(STORAGE_RATE_LIMIT_UNTIL_KEY);
  if (raw == null) return null;
  const until = Number(raw);
  if (!Number.isFinite(until) || until <= now) {
    s?.removeItem(STORAGE_RATE_LIMIT_UNTIL_KEY);
    return null;
  }
  return until;
}

/** Where the route guard sends a navigation to `pathname`, or null to let it through. */
export function guardRedirect(pathname: string, now = Date.now()): string | null {
  if (isBlocked()) return pathname === '/blocked' ? null : '/blocked';
  if (getRateLimitedUntil(now) !== null) return pathname === '/rate-limited' ? null : '/rate-limited';
  return null;
}
