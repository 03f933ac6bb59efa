import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import type { Map as LeafletMap } from 'leaflet';
import { MAP_FETCH_DEBOUNCE_MS } from '@/config/constants';
import { ROUTE_MOVE_EVENT } from '../lib/route-move';
import type { Viewport } from '../types/store';

const round = (v: number) => Math.round(v * 10_000) / 10_000;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The view as the API wants it: bbox `minLng,minLat,maxLng,maxLat` and an integer zoom. */
export function viewportOf(map: LeafletMap): Viewport {
  const b = map.getBounds();
  const bbox = [
    clamp(b.getWest(), -180, 180),
    clamp(b.getSouth(), -90, 90),
    clamp(b.getEast(), -180, 180),
    clamp(b.getNorth(), -90, 90),
  ]
    .map(round)
    .join(',');
  return { bbox, zoom: Math.round(map.getZoom()) };
}

/**
 * Reports the viewport: the first view and the end of a move made for the route
 * (moveForRoute) at once, the user's moves after the map has stopped for a moment.
 * The listeners are attached once per map (not per render, as useMapEvents with an inline
 * object would do): otherwise a setView from a sibling's effect in the same commit can
 * fire while the listener is detached, and that move is lost.
 */
export function ViewportTracker({ onChange }: { onChange: (viewport: Viewport) => void }) {
  const map = useMap();
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let routeMove = false;
    const report = () => onChangeRef.current(viewportOf(map));
    const markRouteMove = () => {
      routeMove = true;
    };
    const onMoveEnd = () => {
      clearTimeout(timer);
      if (routeMove) {
        routeMove = false;
        report();
      } else {
        timer = setTimeout(report, MAP_FETCH_DEBOUNCE_MS);
      }
    };
    map.on(ROUTE_MOVE_EVENT, markRouteMove);
    map.on('moveend', onMoveEnd);
    report();
    return () => {
      clearTimeout(timer);
      map.off(ROUTE_MOVE_EVENT, markRouteMove);
      map.off('moveend', onMoveEnd);
    };
  }, [map]);

  return null;
}
