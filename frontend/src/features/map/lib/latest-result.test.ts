import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS } from '../types/store';
import { keptByFilters, latestReport, latestResult, reportProduct } from './latest-result';

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

describe('per product', () => {
  // The packs sold out 2 h ago, a box was bought 1 h ago, singles never reported.
  const store = {
    last_report_at: hoursAgo(1),
    last_report_kind: 'bought' as const,
    latest_by_product: {
      pack: { kind: 'sold_out' as const, at: hoursAgo(2) },
      box: { kind: 'bought' as const, at: hoursAgo(1) },
      single: null,
    },
  };
  it('maps the filter to the product of latest_by_product', () => {
    expect(reportProduct('packs')).toBe('pack');
    expect(reportProduct('boxes')).toBe('box');
    expect(reportProduct('singles')).toBe('single');
    expect(reportProduct('')).toBeNull();
  });
  it('reads the chosen product\'s latest report, else the latest of any product', () => {
    expect(latestResult(store, now, 'pack')).toBe('sold_out');
    expect(latestResult(store, now, 'box')).toBe('bought');
    expect(latestResult(store, now, 'single')).toBeNull();
    expect(latestResult(store, now)).toBe('bought');
    expect(latestReport(store, 'pack')).toEqual({ kind: 'sold_out', at: hoursAgo(2) });
    expect(latestReport({ last_report_at: null, last_report_kind: null }, 'box')).toBeNull();
  });
  it('a product bought over 24 h ago is not fresh, whatever came since', () => {
    const old = { ...store, latest_by_product: { ...store.latest_by_product, box: { kind: 'bought' as const, at: hoursAgo(30) } } };
    expect(latestResult(old, now, 'box')).toBeNull();
  });
  it('24時間以内に報告あり with a product keeps the stores whose latest report of it is a recent 購入できた', () => {
    const recent = (product: '' | 'packs' | 'boxes' | 'singles') => ({ ...EMPTY_FILTERS, recentOnly: true, product });
    expect(keptByFilters(store, recent('boxes'), now)).toBe(true);
    expect(keptByFilters(store, recent('packs'), now)).toBe(false);
    expect(keptByFilters(store, recent('singles'), now)).toBe(false);
    expect(keptByFilters(store, recent(''), now)).toBe(true);
    // The latest of all sold out, the packs bought: kept for packs only.
    const soldBox = {
      last_report_at: hoursAgo(1),
      last_report_kind: 'sold_out' as const,
      latest_by_product: { pack: { kind: 'bought' as const, at: hoursAgo(3) }, box: { kind: 'sold_out' as const, at: hoursAgo(1) }, single: null },
    };
    expect(keptByFilters(soldBox, recent(''), now)).toBe(false);
    expect(keptByFilters(soldBox, recent('packs'), now)).toBe(true);
    expect(keptByFilters(soldBox, recent('boxes'), now)).toBe(false);
  });
});
