import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS } from '../types/store';
import { keptByFilters, latestResult } from './latest-result';

const now = Date.parse('2026-11-27T12:00:00Z');
const hoursAgo = (h: number) => new Date(now - h * 3_600_000).toISOString();

describe('latestResult', () => {
  it('reads the latest report: 購入できた or 売り切れ within 24 h, else nothing', () => {
    expect(latestResult({ last_report_at: hoursAgo(2), last_report_kind: 'bought' }, now)).toBe('bought');
    expect(latestResult({ last_report_at: hoursAgo(2), last_report_kind: 'sold_out' }, now)).toBe('sold_out');
    expect(latestResult({ last_report_at: hoursAgo(25), last_report_kind: 'bought' }, now)).toBeNull();
    expect(latestResult({ last_report_at: null, last_report_kind: null }, now)).toBeNull();
  });
});

describe('the 24時間以内に報告あり filter', () => {
  const recent = { ...EMPTY_FILTERS, recentOnly: true };
  it('keeps a recent 購入できた and leaves out a store whose latest report is 売り切れ', () => {
    expect(keptByFilters({ last_report_at: hoursAgo(20), last_report_kind: 'bought' }, recent, now)).toBe(true);
    expect(keptByFilters({ last_report_at: hoursAgo(2), last_report_kind: 'sold_out' }, recent, now)).toBe(false);
    expect(keptByFilters({ last_report_at: hoursAgo(30), last_report_kind: 'bought' }, recent, now)).toBe(false);
  });
  it('keeps every store when it is off', () => {
    expect(keptByFilters({ last_report_at: hoursAgo(2), last_report_kind: 'sold_out' }, EMPTY_FILTERS, now)).toBe(true);
  });
});
