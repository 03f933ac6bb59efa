import 'leaflet/dist/leaflet.css';
import './map-preview.css';
import L, { type LeafletMouseEvent, type Map as LeafletMap, type Marker as LeafletMarker } from 'leaflet';
import { useEffect, useState } from 'react';
import { CircleMarker, MapContainer, Marker, Tooltip, useMap, useMapEvents } from 'react-leaflet';
import { useStoresNear, type Precision } from '@/api/stores';
import { BaseTileLayer } from '@/components/map/BaseTileLayer';
import { t } from '@/i18n/ja';
import { PREVIEW_NEARBY_LIMIT, PREVIEW_NEARBY_RADIUS_KM } from '../config';
import { isMoved, PREVIEW_ZOOM, type LatLng } from '../lib/review';
import type { Duplicate } from '../types/submission';
import styles from './admin.module.css';

/** Where the submitter put it, once the marker has been moved away. */
const ORIGIN_STYLE = { color: '#d42a3c', weight: 2, dashArray: '3 3', fillColor: '#fff', fillOpacity: 0.8 };

const submittedIcon = L.divIcon({
  className: 'pka-wrap',
  html: '<span class="pka-pin"></span>',
  iconSize: [30, 40],
  iconAnchor: [15, 38],
});
const duplicateIcon = L.divIcon({ className: 'pka-wrap', html: '<span class="pka-dup"></span>', iconSize: [22, 22], iconAnchor: [11, 11] });
const nearbyIcon = L.divIcon({ className: 'pka-wrap', html: '<span class="pka-near"></span>', iconSize: [12, 12], iconAnchor: [6, 6] });

interface MapPreviewProps {
  name: string;
  origin: LatLng;
  position: LatLng;
  precision: Precision;
  duplicates: Duplicate[];
  onMove: (position: LatLng) => void;
  /** The store being edited (admin store page): left out of the grey "nearby" dots. */
  excludeStoreId?: number;
  /** The caption and the pin's title, when the map is not a submission's review. */
  legend?: string;
  pinTitle?: string;
}

/** Clicking the map moves the marker there. */
function ClickToMove({ onMove }: { onMove: (position: LatLng) => void }) {
  useMapEvents({ click: (event: LeafletMouseEvent) => onMove({ lat: event.latlng.lat, lng: event.latlng.lng }) });
  return null;
}

/** Keeps the marker in view when it is moved from the latitude / longitude fields. */
function FollowMarker({ position }: { position: LatLng }) {
  const map = useMap();
  useEffect(() => {
    if (!map.getBounds().contains([position.lat, position.lng])) map.panTo([position.lat, position.lng]);
  }, [map, position.lat, position.lng]);
  return null;
}

/**
 * The map preview of a pending submission: the submitted position as a draggable marker
 * (moving it sets the position the store is approved at), the existing stores nearby as
 * small grey dots, the same-name stores (possible duplicates) highlighted in orange, and
 * once moved, a dashed ring where the submitter put it. The admin store page
 * reuses it as its position editor (`excludeStoreId`, `legend`, `pinTitle`).
 */
export default function MapPreview(props: MapPreviewProps) {
  const { name, origin, position, precision, duplicates, onMove, excludeStoreId, legend, pinTitle } = props;
  const nearby = useStoresNear(origin, { radiusKm: PREVIEW_NEARBY_RADIUS_KM, limit: PREVIEW_NEARBY_LIMIT });
  const [map, setMap] = useState<LeafletMap | null>(null);
  const duplicateIds = new Set(duplicates.map((d) => d.store.id));
  const others = (nearby.data?.stores ?? []).filter((store) => !duplicateIds.has(store.id) && store.id !== excludeStoreId);
  const moved = isMoved(origin, position);

  // MapContainer does not pass ARIA attributes through: label the map element directly.
  useEffect(() => {
    map?.getContainer().setAttribute('aria-label', t('admin.mapLabel', { name }));
  }, [map, name]);

  return (
    <figure className={styles.mapFigure} data-testid="map-preview">
      <MapContainer ref={setMap} center={[origin.lat, origin.lng]} zoom={PREVIEW_ZOOM[precision]} className={styles.map} scrollWheelZoom={false}>
        <BaseTileLayer />
        {others.map((store) => (
          <Marker key={store.id} position={[store.lat, store.lng]} icon={nearbyIcon} keyboard={false}>
            <Tooltip direction="top">{store.name}</Tooltip>
          </Marker>
        ))}
        {duplicates.map(({ store }) => (
          <Marker key={store.id} position={[store.lat, store.lng]} icon={duplicateIcon} keyboard={false} zIndexOffset={500}>
            <Tooltip direction="top" offset={[0, -8]}>
              {t('admin.pinDuplicate', { name: store.name })}
            </Tooltip>
          </Marker>
        ))}
        {moved && (
          <CircleMarker
            center={[origin.lat, origin.lng]}
            radius={7}
            pathOptions={ORIGIN_STYLE}
            interactive={false}
          />
        )}
        <Marker
          position={[position.lat, position.lng]}
          icon={submittedIcon}
          draggable
          autoPan
          zIndexOffset={1000}
          title={pinTitle ?? t('admin.pinSubmitted')}
          eventHandlers={{
            dragend: (event) => {
              const latlng = (event.target as LeafletMarker).getLatLng();
              onMove({ lat: latlng.lat, lng: latlng.lng });
            },
          }}
        />
        <ClickToMove onMove={onMove} />
        <FollowMarker position={position} />
      </MapContainer>
      <figcaption className={styles.legend}>{legend ?? t('admin.mapLegend')}</figcaption>
    </figure>
  );
}
