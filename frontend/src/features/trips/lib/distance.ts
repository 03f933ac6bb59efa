import { CAR_SPEED_KMH, TRIP_DETOUR_FACTOR, WALK_SPEED_KMH } from './constants';
import type { LatLngPoint, TravelMode } from '../types/trip';

/** The server's radius (core/include/pokeca/shared/geo.hpp kEarthRadiusKm), so both sides agree. */
const EARTH_RADIUS_M = 6_371_008.8;
const toRad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle (haversine) distance in metres. */
export function haversineM(a: LatLngPoint, b: LatLngPoint): number {
  const dLat = toRad(b.lat - a.lat);
  const dLng = toRad(b.lng - a.lng);
  const s = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(s)));
}

/** Legs of a path through `points` in order (start included when given), and the total. */
export function pathLegs(points: LatLngPoint[]): { legs: number[]; total: number } {
  const legs: number[] = [];
  for (let i = 1; i < points.length; i += 1) legs.push(haversineM(points[i - 1]!, points[i]!));
  return { legs, total: legs.reduce((sum, m) => sum + m, 0) };
}

/** Rough minutes for a straight-line distance: × detour factor ÷ average speed. */
export function estimateMinutes(straightM: number, mode: TravelMode): number {
  const speedKmh = mode === 'walk' ? WALK_SPEED_KMH : CAR_SPEED_KMH;
  const hours = (straightM * TRIP_DETOUR_FACTOR) / 1000 / speedKmh;
  return Math.max(1, Math.round(hours * 60));
}

/** "850 m" / "3.2 km" / "12 km" parts for t('route.distanceM' | 'route.distanceKm'). */
export function distanceParts(m: number): { unit: 'm' | 'km'; value: string } {
  if (m < 1000) return { unit: 'm', value: String(Math.round(m / 10) * 10) };
  const km = m / 1000;
  return { unit: 'km', value: km < 10 ? km.toFixed(1) : String(Math.round(km)) };
}

/** Minutes as hours and minutes. */
export function durationParts(minutes: number): { hours: number; minutes: number } {
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}
