import { t } from '@/i18n/ja';

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

export interface ReportInput {
  storeId: number | string;
  kind: ReportKind;
  product: ReportProduct;
  productName: string;
  limitNote: string;
  purchasedAt: string;
}

/** The JSON body of POST /purchases; blank optional texts are left out. */
export function buildReportBody(input: ReportInput) {
  const productName = input.productName.trim();
  const limitNote = input.limitNote.trim();
  return {
    store_id: input.storeId,
    kind: input.kind,
    product: input.product,
    ...(productName ? { product_name: productName } : {}),
    ...(limitNote ? { limit_note: limitNote } : {}),
    purchased_at: fromLocalInputValue(input.purchasedAt)?.toISOString(),
  };
}
