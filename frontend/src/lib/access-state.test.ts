import { describe, expect, it } from 'vitest';
import { STORAGE_BLOCKED_KEY, STORAGE_RATE_LIMIT_UNTIL_KEY } from '@/config/constants';
import { getRateLimitedUntil, guardRedirect, setRateLimited } from './access-state';

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
});
