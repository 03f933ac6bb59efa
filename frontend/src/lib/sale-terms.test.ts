import { describe, expect, it } from 'vitest';
import { hasSaleTerms, saleTermsText } from './sale-terms';

describe('sale terms text', () => {
  it('reads 先着・1人1BOXまで・7:00〜 in Japan time whatever the device’s zone', () => {
    expect(
      saleTermsText({ sale_method: 'first_come', limit_count: 1, limit_unit: 'box', sales_started_at: '2026-11-20T22:00:00Z' }),
    ).toBe('先着・1人1BOXまで・7:00〜');
  });

  it('says only the parts given, with each method and unit', () => {
    expect(saleTermsText({ sale_method: 'ticket' })).toBe('整理券');
    expect(saleTermsText({ sale_method: 'store_lottery' })).toBe('店頭抽選');
    expect(saleTermsText({ sale_method: 'reservation', limit_count: 10, limit_unit: 'pack' })).toBe('予約・1人10パックまで');
    expect(saleTermsText({ limit_count: 2, limit_unit: 'item' })).toBe('1人2点まで');
    expect(saleTermsText({ sales_started_at: '2026-11-21T01:30:00Z' })).toBe('10:30〜');
    expect(saleTermsText({})).toBe('');
  });

  it('an old report without terms has none', () => {
    expect(hasSaleTerms({ sale_method: null, limit_count: null, limit_unit: null, sales_started_at: null })).toBe(false);
    expect(hasSaleTerms({ limit_count: 3, limit_unit: null })).toBe(false);
    expect(hasSaleTerms({ sales_started_at: '2026-11-21T01:30:00Z' })).toBe(true);
  });
});
