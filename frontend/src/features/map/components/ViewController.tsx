import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import { prefectureView, type MapView } from '@/lib/prefecture-views';
import type { LatLng } from '@/lib/geolocation';
import { moveForRoute } from '../lib/route-move';

/** Zoom used when centring on a point from ?lat=&lng=. */
export const POINT_ZOOM = 14;

/**
 * The view the query asks for: the point at POINT_ZOOM, else the prefecture's view from the
 * static table (known before GET /prefectures answers), else none.
 */
export function routeView(prefectureCode: string | null, point: LatLng | null): MapView | undefined {
  if (point) return { center: [point.lat, point.lng], zoom: POINT_ZOOM };
  return prefectureView(prefectureCode);
}

export function viewKey(prefectureCode: string | null, point: LatLng | null): string | null {
  if (point) return `ll:${point.lat},${point.lng}`;
  if (prefectureView(prefectureCode)) return `p:${prefectureCode}`;
  return null;
}

/**
 * Moves the map when the query (?prefecture= or ?lat=&lng=) changes, with useMap():
 * MapContainer's own props only set the first view (DESIGN, Map).
 */
export function ViewController({
  prefectureCode,
  point,
  initialKey,
}: {
  prefectureCode: string | null;
  point: LatLng | null;
  initialKey: string | null;
}) {
  const map = useMap();
  const applied = useRef<string | null>(initialKey);
  const key = viewKey(prefectureCode, point);

  useEffect(() => {
    if (key === null || key === applied.current) return;
    applied.current = key;
    const view = routeView(prefectureCode, point);
    if (view) moveForRoute(map, () => map.setView(view.center, view.zoom));
  }, [key, map, point, prefectureCode]);

  return null;
}
