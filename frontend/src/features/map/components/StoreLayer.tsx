import { useEffect, useRef, type ReactNode } from 'react';
import { Marker, Popup, useMap } from 'react-leaflet';
import type { Marker as LeafletMarker } from 'leaflet';
import type { StoreType } from '@/api/initial-data';
import { RECENT_REPORT_HOURS } from '@/config/constants';
import { isWithinHours } from '@/lib/relative-time';
import { clusterIcon, storeIcon } from '../lib/icons';
import type { Cluster, Store } from '../types/store';
import { StorePopupContent } from './StorePopupContent';

export interface FocusRequest {
  id: Store['id'];
  seq: number;
}

interface StoreLayerProps {
  clusters: Cluster[];
  stores: Store[];
  storeTypes: Map<string, StoreType>;
  focus: FocusRequest | null;
  onReport?: (store: Store) => void;
  popupActions?: (store: Store) => ReactNode;
}

/** Server clusters (click zooms in) and store markers with their popups. */
export function StoreLayer({ clusters, stores, storeTypes, focus, onReport, popupActions }: StoreLayerProps) {
  return (
    <>
      {clusters.map((cluster) => (
        <ClusterMarker key={`${cluster.lat},${cluster.lng},${cluster.count}`} cluster={cluster} />
      ))}
      {stores.map((store) => (
        <StoreMarker
          key={store.id}
          store={store}
          type={storeTypes.get(store.store_type)}
          focusSeq={focus && focus.id === store.id ? focus.seq : null}
          onReport={onReport}
          popupActions={popupActions}
        />
      ))}
    </>
  );
}

function ClusterMarker({ cluster }: { cluster: Cluster }) {
  const map = useMap();
  return (
    <Marker
      position={[cluster.lat, cluster.lng]}
      icon={clusterIcon(cluster.count)}
      eventHandlers={{
        click: () => {
          const [minLng, minLat, maxLng, maxLat] = cluster.bbox;
          const zoom = map.getZoom();
          if (maxLng - minLng < 1e-6 && maxLat - minLat < 1e-6) {
            map.setView([cluster.lat, cluster.lng], Math.min(zoom + 3, map.getMaxZoom()));
          } else {
            map.fitBounds(
              [
                [minLat, minLng],
                [maxLat, maxLng],
              ],
              { padding: [40, 40], maxZoom: Math.max(zoom + 1, Math.min(zoom + 4, map.getMaxZoom())) },
            );
          }
        },
      }}
      keyboard
    />
  );
}

function StoreMarker({
  store,
  type,
  focusSeq,
  onReport,
  popupActions,
}: {
  store: Store;
  type: StoreType | undefined;
  focusSeq: number | null;
  onReport?: (store: Store) => void;
  popupActions?: (store: Store) => ReactNode;
}) {
  const ref = useRef<LeafletMarker>(null);
  const fresh = isWithinHours(store.last_report_at, RECENT_REPORT_HOURS);

  useEffect(() => {
    if (focusSeq !== null) ref.current?.openPopup();
  }, [focusSeq]);

  return (
    <Marker
      ref={ref}
      position={[store.lat, store.lng]}
      icon={storeIcon(type, fresh)}
      title={store.name}
      alt={store.name}
      zIndexOffset={fresh ? 500 : 0}
      keyboard
    >
      <Popup>
        <StorePopupContent store={store} type={type} onReport={onReport} extraActions={popupActions?.(store)} />
      </Popup>
    </Marker>
  );
}
