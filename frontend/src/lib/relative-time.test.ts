import relativeTimeCases from '../../../tests/shared/relative_time_cases.tsv?raw';
import { describe, expect, it } from 'vitest';
import { formatRelativeTime, isWithinHours } from './relative-time';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('formatRelativeTime (SPEC §9)', () => {
  it.each([
    [0, 'たった今'],
    [59 * S, 'たった今'],
    [59 * S + 999, 'たった今'],
    [1 * M, '1分前'],
    [59 * M + 59 * S, '59分前'],
    [1 * H, '1時間前'],
    [23 * H + 59 * M, '23時間前'],
    [1 * D, '1日前'],
    [6 * D + 23 * H, '6日前'],
    [7 * D, '1週間前'],
    [13 * D + 23 * H, '1週間前'],
    [14 * D, '2週間前'],
    [60 * D, '8週間前'],
  ])('%i ms ago → %s', (ms, label) => {
    expect(formatRelativeTime(ago(ms), NOW)).toBe(label);
  });

  it('treats a time in the future (clock skew) as たった今', () => {
    expect(formatRelativeTime(new Date(NOW + 5 * M), NOW)).toBe('たった今');
  });

  it('returns an empty string for an unreadable time', () => {
    expect(formatRelativeTime('not a date', NOW)).toBe('');
  });
});

/** tests/shared/relative_time_cases.tsv rows: elapsed seconds, label. Core's C++ test reads the same file. */
const sharedCases = relativeTimeCases
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => line.split('\t'))
  .map(([seconds, label]) => [Number(seconds), label!] as const);

describe('formatRelativeTime against the table of cases core shares', () => {
  it('has the table', () => {
    expect(sharedCases.length).toBeGreaterThanOrEqual(10);
  });

  it.each(sharedCases)('%i s ago → %s', (seconds, label) => {
    expect(formatRelativeTime(ago(seconds * S), NOW)).toBe(label);
  });
});

describe('isWithinHours', () => {
  it('is true just inside the window and false at its edge', () => {
    expect(isWithinHours(ago(24 * H - 1), 24, NOW)).toBe(true);
    expect(isWithinHours(ago(24 * H), 24, NOW)).toBe(false);
    expect(isWithinHours(null, 24, NOW)).toBe(false);
  });
});
