import { describe, expect, it } from 'vitest';
import { PREFECTURE_CODES, prefectureCodeFromName } from './prefecture-codes';

describe('prefectureCodeFromName', () => {
  it('maps all 47 prefectures to distinct lowercase codes', () => {
    const codes = Object.values(PREFECTURE_CODES);
    expect(codes).toHaveLength(47);
    expect(new Set(codes).size).toBe(47);
    codes.forEach((code) => expect(code).toMatch(/^[a-z]+$/));
  });

  it.each([
    ['東京都', 'tokyo'],
    ['北海道', 'hokkaido'],
    ['大阪府', 'osaka'],
    ['京都府', 'kyoto'],
    ['鹿児島県', 'kagoshima'],
    ['沖縄県', 'okinawa'],
  ])('%s → %s', (name, code) => {
    expect(prefectureCodeFromName(name)).toBe(code);
  });

  it('gives an empty code for an unknown or missing name', () => {
    expect(prefectureCodeFromName('東京')).toBe('');
    expect(prefectureCodeFromName('')).toBe('');
    expect(prefectureCodeFromName(null)).toBe('');
  });
});
