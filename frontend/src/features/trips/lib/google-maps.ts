import { GOOGLE_MAPS_MAX_WAYPOINTS } from './constants';
import type { LatLngPoint, TripStop, TravelMode } from '../types/trip';

/** One Google Maps link: a stretch of the trip, and the stop numbers (1-based) it covers. */
export interface MapsLeg {
  url: string;
  firstStop: number;
  lastStop: number;
}

interface Point {
  at: LatLngPoint;
  /** 1-based stop number in the trip bar; null for the start point. */
  stop: number | null;
}

const coordinate = (p: LatLngPoint) => `${Number(p.lat.toFixed(6))},${Number(p.lng.toFixed(6))}`;

export function directionsUrl(origin: LatLngPoint, destination: LatLngPoint, waypoints: LatLngPoint[], mode: TravelMode): string {
  const params = new URLSearchParams({ api: '1', origin: coordinate(origin), destination: coordinate(destination) });
  if (waypoints.length > 0) params.set('waypoints', waypoints.map(coordinate).join('|'));
  params.set('travelmode', mode === 'walk' ? 'walking' : 'driving');
  return `https://www.google.com/maps/dir/?${params.toString()}`;
}

/**
 * The trip as Google Maps links. Hidden and closed stops are left out. Google takes an
 * origin, a destination and at most 9 waypoints, so a longer trip becomes consecutive
 * legs: each starts where the previous one ended.
 */
export function googleMapsLegs(
  start: LatLngPoint | null,
  stops: TripStop[],
  mode: TravelMode,
  returnToStart = false,
): MapsLeg[] {
  const points: Point[] = [];
  if (start) points.push({ at: start, stop: null });
  stops.forEach((s, i) => {
    if (s.status === 'active') points.push({ at: { lat: s.lat, lng: s.lng }, stop: i + 1 });
  });
  if (start && returnToStart && points.length > 1) points.push({ at: start, stop: null });
  if (points.length < 2) return [];

  const perLeg = GOOGLE_MAPS_MAX_WAYPOINTS + 2;
  const legs: MapsLeg[] = [];
  for (let from = 0; from < points.length - 1; from += perLeg - 1) {
    const slice = points.slice(from, from + perLeg);
    const numbers = slice.map((p) => p.stop).filter((n): n is number => n !== null);
    legs.push({
      url: directionsUrl(slice[0]!.at, slice[slice.length - 1]!.at, slice.slice(1, -1).map((p) => p.at), mode),
      firstStop: numbers[0] ?? 0,
      lastStop: numbers[numbers.length - 1] ?? 0,
    });
  }
  return legs;
}
