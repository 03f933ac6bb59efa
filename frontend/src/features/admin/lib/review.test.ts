import { describe, expect, it } from 'vitest';
import { approveInput, isMoved, parseCoord, rejectReasonError } from './review';

describe('approve body', () => {
  const origin = { lat: 35.6895, lng: 139.6917 };

  it('leaves the coordinates out unless the marker moved (beyond 6 decimals)', () => {
    expect(approveInput(' 店 ', 'other', origin, { lat: 35.68950000004, lng: 139.6917 })).toEqual({ name: '店', store_type: 'other' });
    expect(isMoved(origin, { lat: 35.689501, lng: 139.6917 })).toBe(true);
    expect(approveInput('店', 'card_shop', origin, { lat: 35.12345678, lng: 139.6917 })).toEqual({
      name: '店',
      store_type: 'card_shop',
      lat: 35.123457,
      lng: 139.6917,
    });
  });

  it('parses coordinates within range only', () => {
    expect(parseCoord(' 35.5 ', 90)).toBe(35.5);
    expect(parseCoord('', 90)).toBeNull();
    expect(parseCoord('abc', 90)).toBeNull();
    expect(parseCoord('90.1', 90)).toBeNull();
    expect(parseCoord('-180', 180)).toBe(-180);
  });

  it('counts the reason in characters as seen (500 emoji pass, 501 do not)', () => {
    expect(rejectReasonError('   ', 500)).toBe('却下の理由を入力してください');
    expect(rejectReasonError('🃏'.repeat(500), 500)).toBeNull();
    expect(rejectReasonError('🃏'.repeat(501), 500)).toContain('500文字以内');
  });
});
