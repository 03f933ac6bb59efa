import type { LatestReport, ReportProduct, Store } from '@/api/stores';
import { RECENT_REPORT_HOURS } from '@/config/constants';
import { isWithinHours } from '@/lib/relative-time';
import type { ProductFilter, StoreFilters } from '../types/store';

/**
 * What a buyer wants to know at a glance: the store's latest report and whether it is recent.
 * `bought`: the latest report, within RECENT_REPORT_HOURS, says 購入できた; `sold_out`: it says
 * 売り切れ; null: no report that recent. With a product chosen in the filters the latest report
 * of that product counts (a box bought an hour after the packs sold out is fresh for boxes and
 * sold out for packs); without, the latest report of any product
 * (docs/decisions/latest-result-per-product.md).
 */
export type LatestResult = 'bought' | 'sold_out' | null;

type StoreReports = Pick<Store, 'last_report_at' | 'last_report_kind' | 'latest_by_product'>;

/** The key of GET /stores' `latest_by_product` for the filter's product (`packs` → `pack`); null for all products. */
export function reportProduct(product: ProductFilter): ReportProduct | null {
  switch (product) {
    case 'packs':
      return 'pack';
    case 'boxes':
      return 'box';
    case 'singles':
      return 'single';
    default:
      return null;
  }
}

/** The report the map reads for a store: the latest of `product`, else the latest of any product. */
export function latestReport(store: StoreReports, product: ReportProduct | null = null): LatestReport | null {
  if (product) return store.latest_by_product?.[product] ?? null;
  if (!store.last_report_at) return null;
  return { kind: store.last_report_kind === 'sold_out' ? 'sold_out' : 'bought', at: store.last_report_at };
}

export function latestResult(store: StoreReports, now = Date.now(), product: ReportProduct | null = null): LatestResult {
  const report = latestReport(store, product);
  if (!report || !isWithinHours(report.at, RECENT_REPORT_HOURS, now)) return null;
  return report.kind;
}

/**
 * 24時間以内に報告あり keeps the stores whose latest report (of the chosen product, else of any)
 * is a recent 購入できた. The server's `reported_within_hours` already means that; the same test
 * here keeps what is drawn right while the clock moves past an answer kept in the cache.
 */
export function keptByFilters(store: StoreReports, filters: StoreFilters, now = Date.now()): boolean {
  return !filters.recentOnly || latestResult(store, now, reportProduct(filters.product)) === 'bought';
}
