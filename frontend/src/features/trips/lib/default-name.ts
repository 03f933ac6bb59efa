import { t } from '@/i18n/ja';
import { TRIP_NAME_MAX_LENGTH } from './constants';

/**
 * The name a new trip is offered when it is saved: its first stop, how many more, and the
 * day (Japan time), e.g. 「カードショップ〇〇 新宿店ほか2店舗（11月27日）」. The first stop's name
 * is shortened (…) so the whole stays within TRIP_NAME_MAX_LENGTH characters.
 */
export function defaultTripName(stops: readonly { name: string }[], now = new Date()): string {
  const date = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', month: 'long', day: 'numeric' }).format(now);
  const first = stops[0]?.name.trim() ?? '';
  const build = (name: string) =>
    stops.length > 1 ? t('route.defaultNameMany', { name, n: stops.length - 1, date }) : t('route.defaultNameOne', { name, date });
  if (!first) return t('route.defaultNameEmpty', { date });
  const whole = build(first);
  const over = [...whole].length - TRIP_NAME_MAX_LENGTH;
  if (over <= 0) return whole;
  const chars = [...first];
  return build(`${chars.slice(0, Math.max(1, chars.length - over - 1)).join('')}…`);
}
