import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import type { Map as LeafletMap } from 'leaflet';
import { MAP_FETCH_DEBOUNCE_MS } from '@/config/constants';
import { formatBbox } from '../lib/first-view-prefetch';
import { ROUTE_MOVE_EVENT } from '../lib/route-move';
import type { Viewport } from '../types/store';

/** The view as the API wants it: bbox `minLng,minLat,maxLng,maxLat` and an integer zoom. */
export function viewportOf(map: LeafletMap): Viewport {
  const b = map.getBounds();
  return { bbox: formatBbox(b.getWest(), b.getSouth(), b.getEast(), b.getNorth()), zoom: Math.round(map.getZoom()) };
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
