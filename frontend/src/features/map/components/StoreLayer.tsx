import { useEffect, useRef, type ReactNode } from 'react';
import { Marker, Popup, useMap } from 'react-leaflet';
import type { Marker as LeafletMarker } from 'leaflet';
import type { StoreType } from '@/api/initial-data';
import { markFirstMarkersDrawn } from '@/lib/first-markers';
import { clusterIcon, storeIcon } from '../lib/icons';
import { latestResult } from '../lib/latest-result';
import type { ReportProduct, Store } from '@/api/stores';
import type { Cluster, LotteryFilter } from '../types/store';
import { StorePopupContent } from './StorePopupContent';

/** Marker stacking: the open store above the fresh ones above the rest. */
const FRESH_Z_OFFSET = 500;
const SELECTED_Z_OFFSET = 2000;

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
  /** A marker opens the store's sheet instead of its popup. */
  onOpen?: (store: Store) => void;
  /** The signed-in user's favourite stores get a ★ on their marker. */
  favoriteIds?: ReadonlySet<string>;
  /** The store whose sheet is open: drawn highlighted, above the others. */
  selectedId?: string | null;
  /** More actions in the popup (ルートに追加) where the popup is used. */
  popupActions?: (store: Store) => ReactNode;
  /** The product chosen in the filters: markers show its latest result (else the latest of any product). */
  product?: ReportProduct | null;
  /** The lottery filter: every store shown has an open lottery, and its marker says so. */
  lottery?: LotteryFilter;
}

/** Server clusters (click zooms in) and store markers with their popups (or the sheet, with `onOpen`). */
export function StoreLayer({ clusters, stores, storeTypes, focus, onReport, onOpen, favoriteIds, selectedId, popupActions, product = null, lottery = '' }: StoreLayerProps) {
  const shown = clusters.length + stores.length > 0;
  useEffect(() => {
    if (shown) markFirstMarkersDrawn();
  }, [shown]);
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
          onOpen={onOpen}
          favorite={favoriteIds?.has(String(store.id)) ?? false}
          selected={selectedId === String(store.id)}
          popupActions={popupActions}
          product={product}
          lottery={lottery}
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
  onOpen,
  favorite,
  selected,
  popupActions,
  product,
  lottery,
}: {
  store: Store;
  type: StoreType | undefined;
  focusSeq: number | null;
  onReport?: (store: Store) => void;
  onOpen?: (store: Store) => void;
  favorite: boolean;
  selected: boolean;
  popupActions?: (store: Store) => ReactNode;
  product: ReportProduct | null;
  lottery: LotteryFilter;
}) {
  const ref = useRef<LeafletMarker>(null);
  const result = latestResult(store, Date.now(), product);
  const fresh = result === 'bought';

  const onOpenRef = useRef(onOpen);
  onOpenRef.current = onOpen;
  useEffect(() => {
    if (focusSeq === null) return;
    if (onOpenRef.current) onOpenRef.current(store);
    else ref.current?.openPopup();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusSeq]);

  return (
    <Marker
      ref={ref}
      position={[store.lat, store.lng]}
      icon={storeIcon(type, result, favorite, selected, lottery)}
      title={store.name}
      alt={store.name}
      zIndexOffset={selected ? SELECTED_Z_OFFSET : fresh ? FRESH_Z_OFFSET : 0}
      keyboard
      eventHandlers={onOpen ? { click: () => onOpen(store) } : undefined}
    >
      {!onOpen && (
        <Popup>
          <StorePopupContent store={store} type={type} onReport={onReport} extraActions={popupActions?.(store)} />
        </Popup>
      )}
    </Marker>
  );
}
