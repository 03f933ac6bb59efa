import { tr } from '@/i18n/ja-report';
import { t } from '@/i18n/ja';
import { MAX_PURCHASE_LIMIT_COUNT, type LimitUnit, type SaleMethod } from '@/lib/sale-terms';

/** The purchase report form's rules (docs/API.md POST /purchases; the server checks again). */

export type ReportKind = 'bought' | 'sold_out';
export type ReportProduct = 'pack' | 'box' | 'single';

/** Clock tolerance: a time a few seconds ahead of this device's clock is still "now". */
const FUTURE_TOLERANCE_MS = 60_000;
const DAY_MS = 86_400_000;

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** A Date as a `datetime-local` value in the device's time zone, to the minute. */
export function toLocalInputValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value (local time) as a Date; null when empty or malformed. */
export function fromLocalInputValue(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Why a purchase time is refused, or null: required, not in the future, not older than `maxAgeDays` (/config). */
export function purchasedAtError(value: string, maxAgeDays: number, now: Date = new Date()): string | null {
  const date = fromLocalInputValue(value);
  if (!date) return t('report.purchasedAtRequired');
  if (date.getTime() > now.getTime() + FUTURE_TOLERANCE_MS) return t('report.purchasedAtFuture');
  if (date.getTime() < now.getTime() - maxAgeDays * DAY_MS) return t('report.purchasedAtTooOld', { days: maxAgeDays });
  return null;
}

/** The product select's values beside a catalogue id: nothing chosen, or その他 (free text). */
export const CATALOG_NONE = '';
export const CATALOG_OTHER = 'other';

/** Why a per-person limit count is refused, or null: blank (no limit) or a whole number 1..max. */
export function limitCountError(value: string): string | null {
  const text = value.trim();
  if (text === '') return null;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > MAX_PURCHASE_LIMIT_COUNT)
    return tr('limitCountRange', { max: MAX_PURCHASE_LIMIT_COUNT });
  return null;
}

/** The start time (`HH:MM`, the device's time) on the purchase's day; null when blank or malformed. */
export function salesStartDate(purchasedAt: string, startTime: string): Date | null {
  if (!/^\d{2}:\d{2}$/.test(startTime)) return null;
  return fromLocalInputValue(`${purchasedAt.slice(0, 10)}T${startTime}`);
}

/** Why a start time is refused, or null: sales start at or before the purchase. */
export function salesStartError(purchasedAt: string, startTime: string): string | null {
  const start = salesStartDate(purchasedAt, startTime);
  const purchase = fromLocalInputValue(purchasedAt);
  if (!start || !purchase) return null;
  return start.getTime() > purchase.getTime() ? tr('salesStartedAfter') : null;
}

export interface ReportInput {
  storeId: number | string;
  kind: ReportKind;
  product: ReportProduct;
  /** CATALOG_NONE, CATALOG_OTHER or a catalogue product's id. */
  catalog: string;
  /** The free text, sent only for その他. */
  productName: string;
  purchasedAt: string;
  saleMethod: SaleMethod | null;
  limitCount: string;
  limitUnit: LimitUnit;
  /** `HH:MM` or "". */
  salesStartedAt: string;
}

/** The JSON body of POST /purchases; what the user left blank is left out. */
export function buildReportBody(input: ReportInput) {
  const productName = input.catalog === CATALOG_OTHER ? input.productName.trim() : '';
  const productId = input.catalog !== CATALOG_NONE && input.catalog !== CATALOG_OTHER ? Number(input.catalog) : null;
  const limitCount = input.limitCount.trim() === '' ? null : Number(input.limitCount);
  const start = salesStartDate(input.purchasedAt, input.salesStartedAt);
  return {
    store_id: input.storeId,
    kind: input.kind,
    product: input.product,
    ...(productId !== null ? { product_id: productId } : {}),
    ...(productName ? { product_name: productName } : {}),
    purchased_at: fromLocalInputValue(input.purchasedAt)?.toISOString(),
    ...(input.saleMethod ? { sale_method: input.saleMethod } : {}),
    ...(limitCount !== null ? { limit_count: limitCount, limit_unit: input.limitUnit } : {}),
    ...(start ? { sales_started_at: start.toISOString() } : {}),
  };
}
