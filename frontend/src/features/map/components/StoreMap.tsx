import 'leaflet/dist/leaflet.css';
import './map.css';
import type { GeoJsonObject } from 'geojson';
import type { Map as LeafletMap } from 'leaflet';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { GeoJSON, MapContainer, Marker, Pane, TileLayer, Tooltip } from 'react-leaflet';
import { useSearchParams } from 'react-router';
import { DEFAULT_TILES, useConfig } from '@/api/config';
import { useInitialData, useStoreTypes } from '@/api/initial-data';
import { usePrefectures, type Prefecture } from '@/api/prefectures';
import { t } from '@/i18n/ja';
import type { MapView } from '@/lib/prefecture-views';
import { showToast } from '@/stores/toast-store';
import outline from '../assets/japan-outline.json';
import { useClusters } from '../api/get-clusters';
import { useNearbyStores, type LatLngQuery } from '../api/get-nearby-stores';
import { currentLocationIcon } from '../lib/icons';
import { moveForRoute } from '../lib/route-move';
import { EMPTY_FILTERS, type Store, type StoreFilters, type Viewport } from '../types/store';
import { FilterBar } from './FilterBar';
import { StoreLayer, type FocusRequest } from './StoreLayer';
import { StoreListPanel } from './StoreListPanel';
import { routeView, ViewController, viewKey } from './ViewController';
import { ViewportTracker } from './ViewportTracker';
import styles from './StoreMap.module.css';

/** All of Japan: the first view when the query names no place (or an unknown one). */
const JAPAN_VIEW: MapView = { center: [37.5, 137.5], zoom: 5 };
const MAX_BOUNDS: [[number, number], [number, number]] = [
  [18, 115],
  [50, 160],
];
const TRANSPARENT_TILE = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
/** How many of the nearest stores the first view around ?lat=&lng= includes. */
const NEARBY_FIT_COUNT = 5;
const MOBILE_QUERY = '(max-width: 899px)';
const OUTLINE_STYLE = { color: '#8fa39a', weight: 1, fillColor: '#f1f3e9', fillOpacity: 1 };

function parsePoint(params: URLSearchParams): LatLngQuery | null {
  const lat = Number(params.get('lat'));
  const lng = Number(params.get('lng'));
  if (!params.has('lat') || !params.has('lng') || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

/**
 * The /map page: filters, the Leaflet map with clusters and markers, and the store list.
 * `onReport` adds 報告する to the store popups; `mapActions` (e.g. the add-store button)
 * float at the map's bottom right, above the phone list sheet whether it is open or not.
 */
export function StoreMap({
  onReport,
  mapActions,
  popupActions,
  listRowAction,
  mapLayers,
  overlay,
}: {
  onReport?: (store: Store) => void;
  mapActions?: ReactNode;
  /** Extra buttons in each store popup (e.g. ルートに追加). */
  popupActions?: (store: Store) => ReactNode;
  /** An extra control beside each row of the store list. */
  listRowAction?: (store: Store) => ReactNode;
  /** More react-leaflet layers inside the map (e.g. the route line). */
  mapLayers?: ReactNode;
  /** Panels floating over the map (e.g. the route bar). */
  overlay?: ReactNode;
} = {}) {
  const [searchParams] = useSearchParams();
  const prefectureCode = searchParams.get('prefecture');
  const pointKey = `${searchParams.get('lat')},${searchParams.get('lng')}`;
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const point = useMemo(() => parsePoint(searchParams), [pointKey]);

  const prefectures = usePrefectures();
  const config = useConfig();
  const initialData = useInitialData();
  const storeTypes = useStoreTypes();

  const prefecture: Prefecture | undefined = prefectureCode
    ? prefectures.data?.prefectures.find((p) => p.code === prefectureCode)
    : undefined;

  // The map mounts at the view the query asks for (a prefecture's view is static, so there is
  // no wait for /prefectures and no detour through all of Japan); later changes go through
  // ViewController.
  const [initial] = useState(() => ({
    view: routeView(prefectureCode, point) ?? JAPAN_VIEW,
    key: viewKey(prefectureCode, point),
  }));

  const [filters, setFilters] = useState<StoreFilters>(EMPTY_FILTERS);
  const [viewport, setViewport] = useState<Viewport | null>(null);
  const [map, setMap] = useState<LeafletMap | null>(null);
  const [focus, setFocus] = useState<FocusRequest | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const focusSeq = useRef(0);

  const clusters = useClusters(viewport, filters);
  const nearby = useNearbyStores(point, filters);

  const warnedFor = useRef<string | null>(null);
  useEffect(() => {
    if (prefectureCode && prefectures.data && !prefecture && warnedFor.current !== prefectureCode) {
      warnedFor.current = prefectureCode;
      showToast(t('map.unknownPrefecture'), 'warning');
    }
  }, [prefectureCode, prefectures.data, prefecture]);

  // Phones: open the sheet by itself when listing nearby stores.
  useEffect(() => {
    if (point) setSheetOpen(true);
  }, [point]);

  // MapContainer does not pass ARIA attributes through: label the map element directly.
  useEffect(() => {
    map?.getContainer().setAttribute('aria-label', t('map.label'));
  }, [map]);

  // ?lat=&lng=: once the nearest stores are known, fit the view to the point and the closest few.
  const fittedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!map || !point || !nearby.data || nearby.data.length === 0) return;
    const key = `${point.lat},${point.lng}`;
    if (fittedFor.current === key) return;
    fittedFor.current = key;
    const points: Array<[number, number]> = [
      [point.lat, point.lng],
      ...nearby.data.slice(0, NEARBY_FIT_COUNT).map((s): [number, number] => [s.lat, s.lng]),
    ];
    const sheetCovers = window.matchMedia?.(MOBILE_QUERY).matches ? map.getSize().y * 0.5 : 0;
    moveForRoute(map, () =>
      map.fitBounds(points, { paddingTopLeft: [40, 40], paddingBottomRight: [40, 40 + sheetCovers], maxZoom: 16 }),
    );
  }, [map, point, nearby.data]);

  const tiles = config.data ?? (config.isError ? DEFAULT_TILES : null);
  const clusterList = clusters.data?.clusters ?? [];
  const storeList = clusters.data?.stores ?? [];
  const clusteredCount = clusterList.reduce((sum, c) => sum + c.count, 0) + (clusterList.length > 0 ? storeList.length : 0);
  const nearbyMode = point !== null;

  const select = (store: Store) => {
    if (!map) return;
    map.setView([store.lat, store.lng], Math.max(map.getZoom(), 16));
    focusSeq.current += 1;
    setFocus({ id: store.id, seq: focusSeq.current });
    if (window.matchMedia?.(MOBILE_QUERY).matches) setSheetOpen(false);
  };

  return (
    <div className={styles.page}>
      <h1 className="visually-hidden">{prefecture ? t('map.titleFor', { name: prefecture.name }) : t('map.title')}</h1>
      <FilterBar filters={filters} storeTypes={initialData.data?.store_types ?? []} onChange={setFilters} />
      <div className={styles.body}>
        <StoreListPanel
          mode={nearbyMode ? 'nearby' : 'view'}
          stores={nearbyMode ? (nearby.data ?? []) : storeList}
          clusteredCount={nearbyMode ? 0 : clusteredCount}
          truncated={!nearbyMode && (clusters.data?.truncated ?? false)}
          isLoading={nearbyMode ? nearby.isPending : clusters.isPending}
          isError={nearbyMode ? nearby.isError : clusters.isError}
          onRetry={() => void (nearbyMode ? nearby.refetch() : clusters.refetch())}
          storeTypes={storeTypes}
          onSelect={select}
          expanded={sheetOpen}
          onToggle={() => setSheetOpen((open) => !open)}
          rowAction={listRowAction}
        />
        <div className={styles.mapWrap} data-testid="store-map">
          <MapContainer
            ref={setMap}
            center={initial.view.center}
            zoom={initial.view.zoom}
            minZoom={4}
            maxBounds={MAX_BOUNDS}
            maxBoundsViscosity={0.8}
            className={styles.map}
          >
            <Pane name="outline" style={{ zIndex: 150 }}>
              <GeoJSON data={outline as GeoJsonObject} style={OUTLINE_STYLE} interactive={false} />
            </Pane>
            {tiles && (
              <TileLayer
                url={tiles.tile_url}
                attribution={tiles.tile_attribution}
                maxZoom={tiles.tile_max_zoom}
                maxNativeZoom={tiles.tile_max_zoom}
                errorTileUrl={TRANSPARENT_TILE}
              />
            )}
            <ViewportTracker onChange={setViewport} />
            <ViewController prefectureCode={prefectureCode} point={point} initialKey={initial.key} />
            <StoreLayer
              clusters={clusterList}
              stores={storeList}
              storeTypes={storeTypes}
              focus={focus}
              onReport={onReport}
              popupActions={popupActions}
            />
            {mapLayers}
            {point && (
              <Marker position={[point.lat, point.lng]} icon={currentLocationIcon} zIndexOffset={1000} keyboard={false}>
                <Tooltip direction="top" offset={[0, -10]}>
                  {t('map.currentLocation')}
                </Tooltip>
              </Marker>
            )}
          </MapContainer>
          {overlay && (
            <div className={styles.overlay} data-sheet={sheetOpen ? 'open' : 'closed'}>
              {overlay}
            </div>
          )}
          {mapActions && (
            <div className={styles.actions} data-sheet={sheetOpen ? 'open' : 'closed'}>
              {mapActions}
            </div>
          )}
          {clusters.isFetching && (
            <p className={styles.loading} role="status">
              {t('map.loadingStores')}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
