import { tl } from '@/i18n/ja-lottery';

/** A lottery's window as the list reads it (docs/API.md "Lotteries"). */
export interface LotteryWindow {
  apply_start: string;
  apply_end: string;
}

/** 「まもなく締切」: the window ends within this (core's kLotteryClosingSoonSeconds). */
export const CLOSING_SOON_MS = 24 * 3_600_000;

/** The countdowns move on by themselves: their clock ticks once a minute. */
export const COUNTDOWN_TICK_MS = 60_000;

export type LotteryPhase = 'upcoming' | 'open' | 'closing' | 'ended';

export function lotteryPhase(window: LotteryWindow, now: number): LotteryPhase {
  const start = Date.parse(window.apply_start);
  const end = Date.parse(window.apply_end);
  if (now >= end) return 'ended';
  if (now < start) return 'upcoming';
  return end - now <= CLOSING_SOON_MS ? 'closing' : 'open';
}

/** How long until `target`, in the largest whole unit, rounded down: 25 h → 1日, 3 h 59 min → 3時間, 59 s → 1分. */
function until(target: number, now: number, minutes: Parameters<typeof tl>[0], hours: Parameters<typeof tl>[0], days: Parameters<typeof tl>[0]): string {
  const ms = Math.max(0, target - now);
  if (ms < 3_600_000) return tl(minutes, { n: Math.max(1, Math.floor(ms / 60_000)) });
  if (ms < CLOSING_SOON_MS) return tl(hours, { n: Math.floor(ms / 3_600_000) });
  return tl(days, { n: Math.floor(ms / CLOSING_SOON_MS) });
}

/** 「締切まであと3時間」, 「受付開始まであと2日」, 「受付終了」. */
export function countdownLabel(window: LotteryWindow, now: number): string {
  const phase = lotteryPhase(window, now);
  if (phase === 'ended') return tl('countdown.ended');
  if (phase === 'upcoming') return until(Date.parse(window.apply_start), now, 'countdown.startsInMinutes', 'countdown.startsInHours', 'countdown.startsInDays');
  return until(Date.parse(window.apply_end), now, 'countdown.endsInMinutes', 'countdown.endsInHours', 'countdown.endsInDays');
}

const japanTime = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  month: 'numeric',
  day: 'numeric',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/** "2026-12-01T14:59:00Z" → "12/1(火) 23:59" (Japan time). */
export function formatJapanTime(iso: string): string {
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return iso;
  const parts = Object.fromEntries(japanTime.formatToParts(time).map((p) => [p.type, p.value]));
  return `${parts.month}/${parts.day}(${parts.weekday}) ${parts.hour}:${parts.minute}`;
}

/**
 * A `datetime-local` value read as Japan time ("2026-12-01T23:59" → "2026-12-01T23:59:00+09:00"),
 * whatever the device's own zone: the site's dates are Japan's. '' for an empty or bad value.
 */
export function japanInputToIso(local: string): string {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local) ? `${local}:00+09:00` : '';
}
