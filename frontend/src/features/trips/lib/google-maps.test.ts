import { describe, expect, it } from 'vitest';
import { GOOGLE_MAPS_MAX_WAYPOINTS } from './constants';
import { directionsUrl, googleMapsLegs } from './google-maps';
import type { TripStop } from '../types/trip';

function stops(n: number, hidden: number[] = []): TripStop[] {
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    name: `店舗${i + 1}`,
    lat: 35 + i / 100,
    lng: 139 + i / 100,
    store_type: 'card_shop',
    address: '',
    status: hidden.includes(i + 1) ? 'hidden' : 'active',
  }));
}

const coord = (s: TripStop) => `${s.lat},${s.lng}`;

function parts(url: string) {
  const u = new URL(url);
  return {
    origin: u.searchParams.get('origin'),
    destination: u.searchParams.get('destination'),
    waypoints: u.searchParams.get('waypoints')?.split('|') ?? [],
    travelmode: u.searchParams.get('travelmode'),
    api: u.searchParams.get('api'),
  };
}

describe('googleMapsLegs', () => {
  it('makes one link with every stop in order when it fits', () => {
    const trip = stops(5);
    const legs = googleMapsLegs({ lat: 34.9, lng: 138.9 }, trip, 'walk');
    expect(legs).toHaveLength(1);
    const p = parts(legs[0]!.url);
    expect(legs[0]!.url.startsWith('https://www.google.com/maps/dir/?api=1&')).toBe(true);
    expect(p.origin).toBe('34.9,138.9');
    expect(p.destination).toBe(coord(trip[4]!));
    expect(p.waypoints).toEqual(trip.slice(0, 4).map(coord));
    expect(p.travelmode).toBe('walking');
    expect(legs[0]).toMatchObject({ firstStop: 1, lastStop: 5 });
  });

  it('without a start, begins at the first stop; car is driving', () => {
    const trip = stops(3);
    const [leg] = googleMapsLegs(null, trip, 'car');
    const p = parts(leg!.url);
    expect(p.origin).toBe(coord(trip[0]!));
    expect(p.destination).toBe(coord(trip[2]!));
    expect(p.waypoints).toEqual([coord(trip[1]!)]);
    expect(p.travelmode).toBe('driving');
  });

  it('splits a long route into consecutive legs of at most 9 waypoints that meet end to start', () => {
    const trip = stops(25);
    const legs = googleMapsLegs({ lat: 34.9, lng: 138.9 }, trip, 'walk');
    // start + 25 stops = 26 points; 11 points a leg, sharing ends: 11 + 10 + 5.
    expect(legs).toHaveLength(3);
    const all = legs.map((l) => parts(l.url));
    for (const p of all) expect(p.waypoints.length).toBeLessThanOrEqual(GOOGLE_MAPS_MAX_WAYPOINTS);
    for (let i = 1; i < all.length; i += 1) expect(all[i]!.origin).toBe(all[i - 1]!.destination);
    // Every stop appears once, in order, over the legs.
    const visited = all.flatMap((p) => [...p.waypoints, p.destination!]);
    expect(visited).toEqual(trip.map(coord));
    expect(legs.map((l) => [l.firstStop, l.lastStop])).toEqual([
      [1, 10],
      [10, 20],
      [20, 25],
    ]);
  });

  it('leaves hidden and closed stops out but keeps the numbers of the others', () => {
    const trip = stops(4, [2]);
    trip[3]!.status = 'closed';
    const [leg] = googleMapsLegs(null, trip, 'walk');
    const p = parts(leg!.url);
    expect([p.origin, ...p.waypoints, p.destination]).toEqual([coord(trip[0]!), coord(trip[2]!)]);
    expect(leg).toMatchObject({ firstStop: 1, lastStop: 3 });
  });

  it('returns to the start when asked, and has nothing to open for a single point', () => {
    const start = { lat: 34.9, lng: 138.9 };
    const [leg] = googleMapsLegs(start, stops(2), 'walk', true);
    expect(parts(leg!.url).destination).toBe('34.9,138.9');
    expect(googleMapsLegs(null, stops(1), 'walk')).toEqual([]);
    expect(googleMapsLegs(null, stops(3, [1, 2]), 'walk')).toEqual([]);
  });

  it('writes coordinates with at most six decimals', () => {
    expect(directionsUrl({ lat: 35.123456789, lng: 139.1 }, { lat: 35, lng: 139 }, [], 'walk')).toContain(
      'origin=35.123457%2C139.1',
    );
  });
});
