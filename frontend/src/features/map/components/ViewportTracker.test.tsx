import { render } from '@testing-library/react';
import type { Map as LeafletMap } from 'leaflet';
import { useEffect } from 'react';
import { MapContainer, useMap } from 'react-leaflet';
import { describe, expect, it, vi } from 'vitest';
import { MAP_FETCH_DEBOUNCE_MS } from '@/config/constants';
import { moveForRoute } from '../lib/route-move';
import type { Viewport } from '../types/store';
import { ViewportTracker } from './ViewportTracker';

function CaptureMap({ onMap }: { onMap: (map: LeafletMap) => void }) {
  const map = useMap();
  useEffect(() => {
    onMap(map);
  }, [map, onMap]);
  return null;
}

function renderTracker() {
  const onChange = vi.fn<(viewport: Viewport) => void>();
  let map: LeafletMap | undefined;
  render(
    <MapContainer center={[35.69, 139.64]} zoom={10}>
      <ViewportTracker onChange={onChange} />
      <CaptureMap
        onMap={(m) => {
          map = m;
        }}
      />
    </MapContainer>,
  );
  return { onChange, map: map! };
}

const zooms = (onChange: ReturnType<typeof vi.fn>) => onChange.mock.calls.map(([v]) => (v as Viewport).zoom);

describe('ViewportTracker', () => {
  it('reports the first view and a move made for the route at once', () => {
    vi.useFakeTimers();
    const { onChange, map } = renderTracker();
    expect(zooms(onChange)).toEqual([10]);

    moveForRoute(map, () => map.setView([34.62, 135.51], 12, { animate: false }));
    expect(zooms(onChange)).toEqual([10, 12]);
  });

  it('waits MAP_FETCH_DEBOUNCE_MS after a user move, and reports only where it settled', () => {
    vi.useFakeTimers();
    const { onChange, map } = renderTracker();
    moveForRoute(map, () => map.setView([34.62, 135.51], 12, { animate: false }));

    map.setView([34.7, 135.5], 13, { animate: false });
    map.setView([34.7, 135.5], 14, { animate: false });
    vi.advanceTimersByTime(MAP_FETCH_DEBOUNCE_MS - 1);
    expect(zooms(onChange)).toEqual([10, 12]);
    vi.advanceTimersByTime(1);
    expect(zooms(onChange)).toEqual([10, 12, 14]);
  });

  it('lets a route move replace a user move still waiting for its debounce', () => {
    vi.useFakeTimers();
    const { onChange, map } = renderTracker();
    map.setView([34.7, 135.5], 13, { animate: false });
    moveForRoute(map, () => map.setView([43.28, 142.2], 6, { animate: false }));
    expect(zooms(onChange)).toEqual([10, 6]);
    vi.advanceTimersByTime(MAP_FETCH_DEBOUNCE_MS);
    expect(zooms(onChange)).toEqual([10, 6]);
  });
});
