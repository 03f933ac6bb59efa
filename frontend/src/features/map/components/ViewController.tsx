import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import type { Prefecture } from '@/api/prefectures';
import type { LatLngQuery } from '../api/get-nearby-stores';

/** Zoom used when centring on a point from ?lat=&lng=. */
export const POINT_ZOOM = 14;

export function viewKey(prefecture: Prefecture | undefined, point: LatLngQuery | null): string | null {
  if (point) return `ll:${point.lat},${point.lng}`;
  if (prefecture) return `p:${prefecture.code}`;
  return null;
}

/**
 * Moves the map when the query (?prefecture= or ?lat=&lng=) changes, with useMap():
 * MapContainer's own props only set the first view (DESIGN, Map).
 */
export function ViewController({
  prefecture,
  point,
  initialKey,
}: {
  prefecture: Prefecture | undefined;
  point: LatLngQuery | null;
  initialKey: string | null;
}) {
  const map = useMap();
  const applied = useRef<string | null>(initialKey);
  const key = viewKey(prefecture, point);

  useEffect(() => {
    if (key === null || key === applied.current) return;
    applied.current = key;
    if (point) map.setView([point.lat, point.lng], POINT_ZOOM);
    else if (prefecture) map.setView([prefecture.lat, prefecture.lng], prefecture.zoom);
  }, [key, map, point, prefecture]);

  return null;
}
