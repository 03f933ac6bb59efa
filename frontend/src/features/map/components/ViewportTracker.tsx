import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import type { Map as LeafletMap } from 'leaflet';
import { MAP_FETCH_DEBOUNCE_MS } from '@/config/constants';
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
 * Reports the viewport after the map has stopped moving for a moment.
 * The listener is attached once per map (not per render, as useMapEvents with an inline
 * object would do): otherwise a setView from a sibling's effect in the same commit can
 * fire while the listener is detached, and that move is lost.
 */
export function ViewportTracker({ onChange }: { onChange: (viewport: Viewport) => void }) {
  const map = useMap();
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(() => onChangeRef.current(viewportOf(map)), MAP_FETCH_DEBOUNCE_MS);
    };
    map.on('moveend', schedule);
    onChangeRef.current(viewportOf(map));
    return () => {
      clearTimeout(timer);
      map.off('moveend', schedule);
    };
  }, [map]);

  return null;
}
