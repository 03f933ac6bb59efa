import { describe, expect, it } from 'vitest';
import type { Confirmation } from '@/api/confirmations';
import { confirmationCountText } from './ConfirmationCount';

const now = Date.parse('2026-11-29T12:00:00Z');
const base: Confirmation = {
  report_id: 1,
  still: 0,
  gone: 0,
  latest_at: '2026-11-29T11:20:00Z',
  mine: null,
  outdated: false,
  reporter_trusted: false,
  answerable: true,
  own: false,
};

describe('confirmationCountText', () => {
  it('says who confirmed, who denied, and when the latest answer came', () => {
    expect(confirmationCountText({ ...base, still: 3 }, now)).toBe('3人がまだ買えたと確認・40分前');
    expect(confirmationCountText({ ...base, gone: 2 }, now)).toBe('2人が売り切れだったと回答・40分前');
    expect(confirmationCountText({ ...base, still: 1, gone: 2 }, now)).toBe('まだ買えた1人・売り切れだった2人・40分前');
  });
  it('is nothing without answers', () => {
    expect(confirmationCountText({ ...base, latest_at: null }, now)).toBeNull();
    expect(confirmationCountText(base, now)).toBeNull();
  });
});
