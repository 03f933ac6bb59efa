import { pathLegs } from './distance';
import type { LatLngPoint, TripStop } from '../types/trip';

/**
 * The line the map draws and the distances the bar shows: through the start (if any)
 * and the stops that are still open, in order, and back to the start when asked.
 */
export function tripLine(start: LatLngPoint | null, stops: TripStop[], returnToStart: boolean): LatLngPoint[] {
  const points: LatLngPoint[] = [];
  if (start) points.push(start);
  for (const s of stops) if (s.status === 'active') points.push({ lat: s.lat, lng: s.lng });
  if (start && returnToStart && points.length > 1) points.push(start);
  return points;
}

/** Total straight-line metres, and each active stop's leg (from the previous point) by id. */
export function tripDistances(start: LatLngPoint | null, stops: TripStop[], returnToStart: boolean) {
  const active = stops.filter((s) => s.status === 'active');
  const line = tripLine(start, stops, returnToStart);
  const { legs, total } = pathLegs(line);
  const legById = new Map<number, number>();
  active.forEach((s, i) => {
    const leg = start ? legs[i] : i === 0 ? undefined : legs[i - 1];
    if (leg !== undefined) legById.set(s.id, leg);
  });
  return { total, legById };
}
