import { t } from '@/i18n/ja';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/**
 * SPEC §9 relative time: under 1 minute たった今; under 60 minutes N分前; under 24 hours
 * N時間前; under 7 days N日前; otherwise N週間前 (always rounded down).
 * Times in the future (clock skew) count as たった今.
 */
export function formatRelativeTime(time: string | number | Date, now: number = Date.now()): string {
  const then = time instanceof Date ? time.getTime() : new Date(time).getTime();
  if (Number.isNaN(then)) return '';
  const diff = now - then;
  if (diff < MINUTE) return t('time.justNow');
  if (diff < HOUR) return t('time.minutesAgo', { n: Math.floor(diff / MINUTE) });
  if (diff < DAY) return t('time.hoursAgo', { n: Math.floor(diff / HOUR) });
  if (diff < WEEK) return t('time.daysAgo', { n: Math.floor(diff / DAY) });
  return t('time.weeksAgo', { n: Math.floor(diff / WEEK) });
}

/** True when `time` is within the last `hours` hours. */
export function isWithinHours(time: string | null | undefined, hours: number, now = Date.now()): boolean {
  if (!time) return false;
  const then = new Date(time).getTime();
  return !Number.isNaN(then) && now - then < hours * HOUR;
}

/** 最終報告: N時間前（購入できた）, or まだ報告はありません (the popup, the store sheet, /favorites). */
export function lastReportText(store: {
  last_report_at?: string | null;
  last_report_kind?: 'bought' | 'sold_out' | null;
}): string {
  if (!store.last_report_at) return t('map.noReport');
  return t('map.lastReport', {
    time: formatRelativeTime(store.last_report_at),
    kind: t(store.last_report_kind === 'sold_out' ? 'timeline.kind.sold_out' : 'timeline.kind.bought'),
  });
}
