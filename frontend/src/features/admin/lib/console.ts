import { useSearchParams } from 'react-router';
import { ta, taMaybe } from '@/i18n/ja-admin';
import { PREFECTURE_CODES, prefectureName } from '@/lib/prefecture-codes';
import { ApiError } from '@/lib/api';

/** Pure helpers of the admin console pages: URL state, dates, audit values. */

const JAPAN = 'Asia/Tokyo';
const DAY_MS = 86_400_000;

const dateTime = new Intl.DateTimeFormat('ja-JP', {
  timeZone: JAPAN,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** "2026-11-23T10:00:00Z" → "2026/11/23 19:00" (Japan time); '' for nothing, the text itself when unreadable. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const time = new Date(iso);
  return Number.isNaN(time.getTime()) ? iso : dateTime.format(time);
}

export const PREFECTURE_OPTIONS: readonly { code: string; name: string }[] = Object.entries(PREFECTURE_CODES).map(([name, code]) => ({
  code,
  name,
}));
/** The prefectures as filter options (value = code). */
export const PREFECTURE_FILTER: readonly { value: string; label: string }[] = PREFECTURE_OPTIONS.map((p) => ({ value: p.code, label: p.name }));
export { prefectureName };

/** "2026-11-23" (a Japan calendar day) → the instant it starts, as the API writes times ("2026-11-22T15:00:00Z"). */
export function japanDayStart(date: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const time = new Date(`${date}T00:00:00+09:00`);
  return Number.isNaN(time.getTime()) ? null : time.toISOString().replace('.000Z', 'Z');
}

/** The instant the day after `date` starts (the exclusive end of an inclusive day range). */
export function japanDayEnd(date: string): string | null {
  const start = japanDayStart(date);
  return start === null ? null : new Date(new Date(start).getTime() + DAY_MS).toISOString().replace('.000Z', 'Z');
}

/** Whole days from `from` to `to` inclusive (both YYYY-MM-DD), or null when either is not a date. */
export function daySpan(from: string, to: string): number | null {
  const a = japanDayStart(from);
  const b = japanDayStart(to);
  if (a === null || b === null) return null;
  return Math.round((new Date(b).getTime() - new Date(a).getTime()) / DAY_MS) + 1;
}

/** A positive whole number typed in a filter field ('' is "no filter"). */
export function isIdText(text: string): boolean {
  return text === '' || /^[1-9]\d{0,15}$/.test(text);
}

/**
 * The filters and page of a list page, kept in the query string (docs/decisions/admin-console.md:
 * filters and page live in the query string): only known keys are read, empty values are dropped,
 * and a new search starts again at page 1.
 */
export function useListParams<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(keys.map((key) => [key, params.get(key) ?? ''])) as Record<K, string>;
  const raw = Number(params.get('page'));
  const page = Number.isInteger(raw) && raw > 1 ? raw : 1;

  const write = (next: Record<K, string>, nextPage: number, replace: boolean) => {
    const search = new URLSearchParams();
    for (const key of keys) if (next[key] !== '') search.set(key, next[key]);
    if (nextPage > 1) search.set('page', String(nextPage));
    setParams(search, { replace });
  };
  return {
    filters,
    page,
    setFilters: (next: Record<K, string>) => write(next, 1, false),
    setPage: (nextPage: number) => write(filters, nextPage, false),
    /** Steps back to the last page that exists (after the last row of the last page was deleted). */
    clampPage: (last: number) => write(filters, last, true),
  };
}

/** The Japanese message of a failed call: the server's own text when it sent one. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError || error instanceof Error) return error.message || ta('common.loadError');
  return ta('common.loadError');
}

/** True for a 404 answer (an id that does not exist). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** The readable Japanese label of a changed field ('store_type' → '種類'); the name itself when unknown. */
export function fieldLabel(field: string): string {
  return taMaybe(`field.${field}`) ?? field;
}

/** The label of an audit action ('store.update' → '店舗を編集'). */
export function actionLabel(action: string): string {
  return taMaybe(`action.${action}`) ?? action;
}

export function targetLabel(type: string): string {
  return taMaybe(`target.${type}`) ?? type;
}

/** One before / after value of an audit entry, in Japanese. */
export function formatAuditValue(field: string, value: unknown, storeTypes?: ReadonlyMap<string, { label: string }>): string {
  if (/^(sells[._])?(packs|boxes|singles)$/.test(field) && (value === null || typeof value === 'boolean')) {
    return ta(value === null ? 'store.sells.unknown' : value ? 'store.sells.yes' : 'store.sells.no');
  }
  if (value === null || value === undefined) return ta('common.none');
  if (value === '') return ta('common.empty');
  if (typeof value === 'boolean') return value ? ta('common.yes') : ta('common.no');
  if (typeof value === 'string') {
    if (field === 'status') return taMaybe(`status.${value}`) ?? value;
    if (field === 'kind') return taMaybe(`reports.kind.${value}`) ?? value;
    if (field === 'product_kind') return taMaybe(`products.kind.${value}`) ?? value;
    if (field === 'location_precision') return taMaybe(`precision.${value}`) ?? value;
    if (field === 'store_type') return storeTypes?.get(value)?.label ?? value;
    if (field === 'prefecture') return prefectureName(value);
    if (/_at$|^from$|^to$/.test(field) && /^\d{4}-\d{2}-\d{2}T/.test(value)) return formatDateTime(value);
    return value;
  }
  if (typeof value === 'number') return String(value);
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => `${fieldLabel(key)}: ${formatAuditValue(key, inner)}`)
      .join('、');
  }
  return String(value);
}

/** The changed fields of an audit entry as [field, before, after], skipping anything not shaped `{before, after}`. */
export function auditChanges(changes: unknown): [string, unknown, unknown][] {
  if (!changes || typeof changes !== 'object' || Array.isArray(changes)) return [];
  return Object.entries(changes as Record<string, unknown>).flatMap(([field, change]) =>
    change && typeof change === 'object' && !Array.isArray(change)
      ? [[field, (change as { before?: unknown }).before, (change as { after?: unknown }).after] as [string, unknown, unknown]]
      : [],
  );
}
