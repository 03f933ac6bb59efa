import type { Store } from '@/api/stores';
import { RECENT_REPORT_HOURS } from '@/config/constants';
import { isWithinHours } from '@/lib/relative-time';
import type { StoreFilters } from '../types/store';

/**
 * What a buyer wants to know at a glance: the store's latest report and whether it is recent.
 * `bought`: the latest report, within RECENT_REPORT_HOURS, says 購入できた; `sold_out`: it says
 * 売り切れ; null: no report that recent. The store's latest report is one for any product
 * (GET /stores sends the latest of all kinds), so a filter on packs reads the same result.
 */
export type LatestResult = 'bought' | 'sold_out' | null;

export function latestResult(store: Pick<Store, 'last_report_at' | 'last_report_kind'>, now = Date.now()): LatestResult {
  if (!isWithinHours(store.last_report_at, RECENT_REPORT_HOURS, now)) return null;
  return store.last_report_kind === 'sold_out' ? 'sold_out' : 'bought';
}

/**
 * 24時間以内に報告あり keeps the stores whose latest report is a recent 購入できた: the server's
 * `reported_within_hours` matches any report, so a store whose latest report is 売り切れ is left
 * out here.
 */
export function keptByFilters(store: Pick<Store, 'last_report_at' | 'last_report_kind'>, filters: StoreFilters, now = Date.now()): boolean {
  return !filters.recentOnly || latestResult(store, now) === 'bought';
}
