import { describe, expect, it } from 'vitest';
import { countdownLabel, formatJapanTime, japanInputToIso, lotteryPhase } from './lottery-time';

const at = (iso: string) => Date.parse(iso);
const window = { apply_start: '2026-11-27T01:00:00Z', apply_end: '2026-11-30T15:00:00Z' };

describe('lottery time', () => {
  it('tells upcoming, open, closing soon and ended apart', () => {
    expect(lotteryPhase(window, at('2026-11-27T00:59:59Z'))).toBe('upcoming');
    expect(lotteryPhase(window, at('2026-11-27T01:00:00Z'))).toBe('open');
    expect(lotteryPhase(window, at('2026-11-29T14:59:59Z'))).toBe('open');
    expect(lotteryPhase(window, at('2026-11-29T15:00:00Z'))).toBe('closing'); // 24 h left
    expect(lotteryPhase(window, at('2026-11-30T15:00:00Z'))).toBe('ended');
  });

  it('counts down in the largest whole unit', () => {
    expect(countdownLabel(window, at('2026-11-27T14:59:00Z'))).toBe('締切まであと3日');
    expect(countdownLabel(window, at('2026-11-29T15:00:00Z'))).toBe('締切まであと1日'); // exactly a day
    expect(countdownLabel(window, at('2026-11-29T15:00:01Z'))).toBe('締切まであと23時間');
    expect(countdownLabel(window, at('2026-11-30T11:30:00Z'))).toBe('締切まであと3時間');
    expect(countdownLabel(window, at('2026-11-30T14:20:00Z'))).toBe('締切まであと40分');
    expect(countdownLabel(window, at('2026-11-30T14:59:59Z'))).toBe('締切まであと1分');
    expect(countdownLabel(window, at('2026-11-30T14:00:00Z'))).toBe('締切まであと1時間'); // not 60分
    expect(countdownLabel(window, at('2026-11-30T14:00:01Z'))).toBe('締切まであと59分');
    expect(countdownLabel(window, at('2026-11-25T01:00:00Z'))).toBe('受付開始まであと2日');
    expect(countdownLabel(window, at('2026-11-30T15:00:01Z'))).toBe('受付終了');
  });

  it('writes Japan time whatever the device zone', () => {
    expect(formatJapanTime('2026-12-01T14:59:00Z')).toBe('12/1(火) 23:59');
    expect(formatJapanTime('2026-11-30T15:00:00Z')).toBe('12/1(火) 00:00');
    expect(formatJapanTime('x')).toBe('x');
    expect(japanInputToIso('2026-12-01T23:59')).toBe('2026-12-01T23:59:00+09:00');
    expect(japanInputToIso('')).toBe('');
  });
});
