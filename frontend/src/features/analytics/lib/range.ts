/**
 * The dashboard's date range (Japan-time days, like the server) and the daily table as
 * CSV. Pure functions: the page and the tests share them.
 */
import { ta } from '@/i18n/ja-analytics';
import type { AnalyticsDay } from '../api/get-analytics';

export const RANGE_PRESETS = [7, 30, 90] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export const DEFAULT_RANGE_DAYS: RangePreset = 30;
/** The server's limit (core kMaxAnalyticsRangeDays). */
export const MAX_RANGE_DAYS = 366;

const JAPAN_OFFSET_MS = 9 * 3600 * 1000;
const DAY_MS = 86_400_000;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** Today's date in Japan, "YYYY-MM-DD". */
export function todayInJapan(now: number = Date.now()): string {
  return new Date(now + JAPAN_OFFSET_MS).toISOString().slice(0, 10);
}

export function isDate(text: string | null | undefined): text is string {
  if (!text || !DATE_RE.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from..to inclusive. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

export interface DateRange {
  preset: RangePreset | 'custom';
  from: string;
  to: string;
}

export function presetRange(days: RangePreset, now: number = Date.now()): DateRange {
  const to = todayInJapan(now);
  return { preset: days, from: addDays(to, -(days - 1)), to };
}

/** A custom range is usable when both dates are valid, from ≤ to and it spans at most MAX_RANGE_DAYS. */
export function isValidRange(from: string, to: string): boolean {
  return isDate(from) && isDate(to) && from <= to && daysInRange(from, to) <= MAX_RANGE_DAYS;
}

/** The range the URL asks for (?range=7|30|90, or ?from=&to=), else the default preset. */
export function rangeFromParams(params: URLSearchParams, now: number = Date.now()): DateRange {
  const from = params.get('from');
  const to = params.get('to');
  if (from && to && isValidRange(from, to)) return { preset: 'custom', from, to };
  const preset = Number(params.get('range'));
  const days = (RANGE_PRESETS as readonly number[]).includes(preset) ? (preset as RangePreset) : DEFAULT_RANGE_DAYS;
  return presetRange(days, now);
}

/** The daily table's columns, in order, with their headers (i18n). */
export const CSV_COLUMNS: ReadonlyArray<readonly [keyof AnalyticsDay, string]> = (
  ['date', 'page_views', 'visitors', 'bot_views', 'signups', 'submissions', 'approvals', 'rejections', 'purchase_reports'] as const
).map((key) => [key, ta(`col.${key}`)] as const);

/** The daily table as CSV: UTF-8 with a BOM (so Excel reads the Japanese headers), CRLF lines. */
export function dailyCsv(days: readonly AnalyticsDay[]): string {
  const lines = [CSV_COLUMNS.map(([, label]) => label).join(',')];
  for (const day of days) lines.push(CSV_COLUMNS.map(([key]) => String(day[key])).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Saves text as a file through a temporary link. */
export function downloadText(text: string, filename: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
