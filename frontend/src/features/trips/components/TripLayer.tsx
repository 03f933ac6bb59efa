import './trip-layer.css';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { Marker, Pane, Polyline, Tooltip, useMap } from 'react-leaflet';
import { t } from '@/i18n/ja';
import { startPoint, useTripDraft } from '../hooks/use-trip-draft';
import { tripLine } from '../lib/trip-geometry';

const TRIP_COLOR = '#1f6feb';
const numberIcons = new Map<string, L.DivIcon>();

/** A numbered stop marker (grey when the store is hidden or closed). */
function numberIcon(n: number, unavailable: boolean): L.DivIcon {
  const key = `${n}|${unavailable}`;
  let icon = numberIcons.get(key);
  if (!icon) {
    icon = L.divIcon({
      className: 'pk-route-stop-wrap',
      html: `<span class="pk-route-stop${unavailable ? ' pk-route-stop-off' : ''}">${n}</span>`,
      iconSize: [28, 28],
      iconAnchor: [14, 14],
    });
    numberIcons.set(key, icon);
  }
  return icon;
}

const startIcon = L.divIcon({
  className: 'pk-route-stop-wrap',
  html: '<span class="pk-route-start">S</span>',
  iconSize: [28, 28],
  iconAnchor: [14, 14],
});

/**
 * The trip on the map (inside MapContainer): a line through the start and the open stops
 * in order, numbered markers, and a fit to the trip when it is opened or optimised.
 */
export function TripLayer() {
  const map = useMap();
  const { draft } = useTripDraft();
  const start = startPoint(draft);
  const line = tripLine(start, draft.stops, draft.returnToStart);
  const fitted = useRef(0);

  useEffect(() => {
    if (draft.fitSeq === fitted.current || line.length === 0) return;
    fitted.current = draft.fitSeq;
    const phone = window.matchMedia?.('(max-width: 899px)').matches;
    map.fitBounds(
      line.map((p) => [p.lat, p.lng] as [number, number]),
      phone
        ? { paddingTopLeft: [30, 30], paddingBottomRight: [30, map.getSize().y * 0.6], maxZoom: 16 }
        : { paddingTopLeft: [40, 40], paddingBottomRight: [400, 40], maxZoom: 16 },
    );
  }, [draft.fitSeq, line, map]);

  if (draft.stops.length === 0) return null;
  return (
    <Pane name="route" style={{ zIndex: 620 }}>
      {line.length > 1 && (
        <Polyline
          positions={line.map((p) => [p.lat, p.lng] as [number, number])}
          pathOptions={{ color: TRIP_COLOR, weight: 5, opacity: 0.8 }}
          interactive={false}
          className="pk-route-line"
        />
      )}
      {start && (
        <Marker position={[start.lat, start.lng]} icon={startIcon} keyboard={false} pane="route">
          <Tooltip direction="top" offset={[0, -12]}>
            {t('route.startMarker')}
          </Tooltip>
        </Marker>
      )}
      {draft.stops.map((stop, i) => (
        <Marker
          key={stop.id}
          position={[stop.lat, stop.lng]}
          icon={numberIcon(i + 1, stop.status !== 'active')}
          title={t('route.markerLabel', { n: i + 1, name: stop.name })}
          zIndexOffset={2000}
          keyboard={false}
          pane="route"
        />
      ))}
    </Pane>
  );
}
