import { describe, expect, it } from 'vitest';
import {
  BLOCKED_FLAG_TTL_MS,
  MAX_RATE_LIMIT_RETRY_SECONDS,
  STORAGE_BLOCKED_AT_KEY,
  STORAGE_BLOCKED_KEY,
  STORAGE_RATE_LIMIT_UNTIL_KEY,
} from '@/config/constants';
import { clearBlocked, getRateLimitedUntil, guardRedirect, isBlocked, setBlocked, setRateLimited } from './access-state';

describe('route guard rule (SPEC §2)', () => {
  it('lets every path through by default', () => {
    expect(guardRedirect('/')).toBeNull();
    expect(guardRedirect('/map')).toBeNull();
  });

  it("sends everything to /blocked when the flag is 'true'", () => {
    localStorage.setItem(STORAGE_BLOCKED_KEY, 'true');
    expect(guardRedirect('/')).toBe('/blocked');
    expect(guardRedirect('/rate-limited')).toBe('/blocked');
    expect(guardRedirect('/blocked')).toBeNull();
  });

  it('ignores other values of the blocked flag', () => {
    localStorage.setItem(STORAGE_BLOCKED_KEY, 'yes');
    expect(guardRedirect('/')).toBeNull();
  });

  it('sends to /rate-limited while the stored time is in the future', () => {
    const now = 1_000_000;
    setRateLimited(60, now);
    expect(guardRedirect('/map', now + 59_999)).toBe('/rate-limited');
    expect(guardRedirect('/rate-limited', now + 59_999)).toBeNull();
  });

  it('removes the timestamp once it has expired', () => {
    const now = 1_000_000;
    setRateLimited(60, now);
    expect(guardRedirect('/map', now + 60_000)).toBeNull();
    expect(localStorage.getItem(STORAGE_RATE_LIMIT_UNTIL_KEY)).toBeNull();
    expect(getRateLimitedUntil(now)).toBeNull();
  });

  it('uses 60 seconds when no retry time is given', () => {
    expect(setRateLimited(undefined, 0)).toBe(60_000);
    expect(setRateLimited(0, 0)).toBe(60_000);
  });

  it('the blocked flag lapses a day after the server last confirmed it', () => {
    const now = 5_000_000;
    setBlocked(now);
    expect(guardRedirect('/map', now + BLOCKED_FLAG_TTL_MS - 1)).toBe('/blocked');
    expect(guardRedirect('/map', now + BLOCKED_FLAG_TTL_MS)).toBeNull();
    expect(localStorage.getItem(STORAGE_BLOCKED_KEY)).toBeNull();
    expect(localStorage.getItem(STORAGE_BLOCKED_AT_KEY)).toBeNull();
  });

  it('a flag without a time starts its lifetime at the first look, then lapses', () => {
    localStorage.setItem(STORAGE_BLOCKED_KEY, 'true');
    expect(isBlocked(1_000)).toBe(true);
    expect(isBlocked(1_000 + BLOCKED_FLAG_TTL_MS)).toBe(false);
  });

  it('clearBlocked frees the browser at once', () => {
    setBlocked(0);
    clearBlocked();
    expect(guardRedirect('/', 1)).toBeNull();
  });

  it('a stored rate limit further ahead than any limit lasts is stale and removed', () => {
    const now = 1_000_000;
    localStorage.setItem(STORAGE_RATE_LIMIT_UNTIL_KEY, String(now + (MAX_RATE_LIMIT_RETRY_SECONDS + 1) * 1000));
    expect(guardRedirect('/map', now)).toBeNull();
    expect(localStorage.getItem(STORAGE_RATE_LIMIT_UNTIL_KEY)).toBeNull();
    expect(setRateLimited(10 * 24 * 3600, now)).toBe(now + MAX_RATE_LIMIT_RETRY_SECONDS * 1000);
  });
});
