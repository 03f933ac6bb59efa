import { t } from '@/i18n/ja';
import { CAR_SPEED_KMH, TRIP_DETOUR_FACTOR, WALK_SPEED_KMH } from './constants';
import { distanceParts, durationParts, estimateMinutes } from './distance';
import type { TravelMode } from '../types/trip';

export function formatDistance(m: number): string {
  const { unit, value } = distanceParts(m);
  return unit === 'm' ? t('route.distanceM', { value }) : t('route.distanceKm', { value });
}

export function formatDuration(minutes: number): string {
  const { hours, minutes: m } = durationParts(minutes);
  return hours > 0 ? t('route.hoursMinutes', { h: hours, m }) : t('route.minutes', { m });
}

/** 「目安: 徒歩で約25分」 */
export function formatEstimate(straightM: number, mode: TravelMode): string {
  return t('route.estimate', { mode: t(`route.mode.${mode}`), time: formatDuration(estimateMinutes(straightM, mode)) });
}

/** How the estimate is made, for its title / note. */
export function estimateNote(mode: TravelMode): string {
  return t('route.estimateNote', {
    factor: TRIP_DETOUR_FACTOR,
    mode: t(`route.mode.${mode}`),
    speed: mode === 'walk' ? WALK_SPEED_KMH : CAR_SPEED_KMH,
  });
}
