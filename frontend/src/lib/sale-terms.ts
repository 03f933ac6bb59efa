import { z } from 'zod/mini';
import { t, type MessageKey } from '@/i18n/ja';

/**
 * A purchase report's sale terms (core sale_terms.hpp): how the store sold, a per-person
 * limit and when sales started. Every part may be missing; old reports have none.
 */
export const SALE_METHODS = ['first_come', 'ticket', 'store_lottery', 'reservation'] as const;
export type SaleMethod = (typeof SALE_METHODS)[number];
export const LIMIT_UNITS = ['pack', 'box', 'item'] as const;
export type LimitUnit = (typeof LIMIT_UNITS)[number];
/** core's kMaxPurchaseLimitCount: the server refuses more. */
export const MAX_PURCHASE_LIMIT_COUNT = 99;

/** The terms' members of a report in GET /stores/{id} and the timeline (null when not said). */
export const saleTermsShape = {
  product_id: z._default(z.nullish(z.number()), null),
  sale_method: z._default(z.nullish(z.enum(SALE_METHODS)), null),
  limit_count: z._default(z.nullish(z.number()), null),
  limit_unit: z._default(z.nullish(z.enum(LIMIT_UNITS)), null),
  sales_started_at: z._default(z.nullish(z.string()), null),
};

export interface SaleTerms {
  sale_method?: SaleMethod | null;
  limit_count?: number | null;
  limit_unit?: LimitUnit | null;
  sales_started_at?: string | null;
}

export function hasSaleTerms(terms: SaleTerms): boolean {
  return Boolean(terms.sale_method || (terms.limit_count && terms.limit_unit) || terms.sales_started_at);
}

const japanClock = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', hour: 'numeric', minute: '2-digit' });

/** 「先着・1人1BOXまで・7:00〜」: the parts a report says, Japan time; "" when none. */
export function saleTermsText(terms: SaleTerms): string {
  const parts: string[] = [];
  if (terms.sale_method) parts.push(t(`saleTerms.method.${terms.sale_method}` as MessageKey));
  if (terms.limit_count && terms.limit_unit)
    parts.push(t('saleTerms.limit', { n: terms.limit_count, unit: t(`saleTerms.unit.${terms.limit_unit}` as MessageKey) }));
  if (terms.sales_started_at) {
    const at = new Date(terms.sales_started_at);
    if (!Number.isNaN(at.getTime())) parts.push(t('saleTerms.start', { time: japanClock.format(at) }));
  }
  return parts.join(t('map.separator'));
}
