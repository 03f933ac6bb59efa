import { describe, expect, it } from 'vitest';
import { TRIP_NAME_MAX_LENGTH } from './constants';
import { defaultTripName } from './default-name';

const day = new Date('2026-11-27T03:00:00Z');

describe('a saved route has a default name', () => {
  it('names the first stop, how many more, and the day in Japan', () => {
    expect(defaultTripName([{ name: 'カードショップ 新宿店' }, { name: 'B' }, { name: 'C' }], day)).toBe(
      'カードショップ 新宿店ほか2店舗（11月27日）',
    );
    expect(defaultTripName([{ name: 'ポケモンセンタートウキョーDX' }], day)).toBe('ポケモンセンタートウキョーDX（11月27日）');
  });

  it('stays within the name limit, shortening the store name', () => {
    const name = defaultTripName([{ name: 'あ'.repeat(80) }, { name: 'B' }], day);
    expect([...name].length).toBeLessThanOrEqual(TRIP_NAME_MAX_LENGTH);
    expect(name).toMatch(/…ほか1店舗（11月27日）$/);
  });
});
