import 'leaflet/dist/leaflet.css';
import './map.css';
import type { GeoJsonObject } from 'geojson';
import type { Map as LeafletMap } from 'leaflet';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { GeoJSON, MapContainer, Marker, Pane, Tooltip } from 'react-leaflet';
import { useInitialData, useStoreTypes } from '@/api/initial-data';
import { usePrefectures, type Prefecture } from '@/api/prefectures';
import { useStoresNear, type Store } from '@/api/stores';
import { BaseTileLayer } from '@/components/map/BaseTileLayer';
import { NEARBY_LIMIT, NEARBY_RADIUS_KM, RECENT_REPORT_HOURS } from '@/config/constants';
import { t } from '@/i18n/ja';
import type { LatLng } from '@/lib/geolocation';
import { showToast } from '@/stores/toast-store';
import { useSearchParamsNow } from '@/hooks/use-search-params-now';
import outline from '../assets/japan-outline.json';
import { useClusters } from '../api/get-clusters';
import { useViewList } from '../api/get-view-list';
import { clusterRequestZoom, layoutClusters } from '../lib/cluster-layout';
import { currentLocationIcon } from '../lib/icons';
import { JAPAN_VIEW } from '../lib/first-view-prefetch';
import { filtersFromParams, formatView, viewFromParams, withFilters, withView } from '../lib/map-url';
import { moveForRoute } from '../lib/route-move';
import { filtersToQuery, type StoreFilters, type Viewport } from '../types/store';
import { FilterBar } from './FilterBar';
import { StoreLayer, type FocusRequest } from './StoreLayer';
import { StoreListPanel } from './StoreListPanel';
import { routeView, ViewController, viewKey } from './ViewController';
import { ViewportTracker } from './ViewportTracker';
import styles from './StoreMap.module.css';

const MAX_BOUNDS: [[number, number], [number, number]] = [
  [18, 115],
  [50, 160],
];
/** How many of the nearest stores the first view around ?lat=&lng= includes. */
const NEARBY_FIT_COUNT = 5;
const MOBILE_QUERY = '(max-width: 899px)';
const OUTLINE_STYLE = { color: '#8fa39a', weight: 1, fillColor: '#f1f3e9', fillOpacity: 1 };

function parsePoint(params: URLSearchParams): LatLng | null {
  const lat = Number(params.get('lat'));
  const lng = Number(params.get('lng'));
  if (!params.has('lat') || !params.has('lng') || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

/** A move the page asks for (a search result, a shared store link); `key` makes it happen once. */
export interface MapJump {
  lat: number;
  lng: number;
  zoom: number;
  key: string;
  /** Keep the point clear of the store sheet (phones: above it; desktops: left of it). */
  besideSheet?: boolean;
}
/** The store sheet's desktop width (px) and the share of a phone's map height it covers. */
const SHEET_DESKTOP_WIDTH = 380;
const SHEET_PHONE_COVER = 0.68;

interface StoreMapProps {
  onReport?: (store: Store) => void;
  mapActions?: ReactNode;
  /** Markers and list rows open the store's sheet instead of the popup. */
  onOpenStore?: (store: Store) => void;
  favoriteIds?: ReadonlySet<string>;
  jump?: MapJump | null;
  /** The search box, over the top of the map. */
  search?: ReactNode;
  /** The store sheet, over the map (a side panel on desktops, a bottom sheet on phones). */
  storeSheet?: ReactNode;
  /** Extra buttons in each store popup (e.g. ルートに追加). */
  popupActions?: (store: Store) => ReactNode;
  /** An extra control beside each row of the store list. */
  listRowAction?: (store: Store) => ReactNode;
  /** More react-leaflet layers inside the map (e.g. the route line). */
  mapLayers?: ReactNode;
  /** Panels floating over the map (e.g. the route bar). */
  overlay?: ReactNode;
}

/**
 * The /map page: filters, the Leaflet map with clusters and markers, and the store list.
 * `onReport` adds 報告する to the store popups; `mapActions` (e.g. the add-store button)
 * float at the map's bottom right, above the phone list sheet whether it is open or not.
 */
export function StoreMap({
  onReport,
  mapActions,
  onOpenStore,
  favoriteIds,
  jump,
  search,
  storeSheet,
  popupActions,
  listRowAction,
  mapLayers,
  overlay,
}: StoreMapProps = {}) {
  const [searchParams, setSearchParams] = useSearchParamsNow();
  const prefectureCode = searchParams.get('prefecture');
  const pointKey = `${searchParams.get('lat')},${searchParams.get('lng')}`;
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const point = useMemo(() => parsePoint(searchParams), [pointKey]);

  const prefectures = usePrefectures();
  const initialData = useInitialData();
  const storeTypes = useStoreTypes();

  const prefecture: Prefecture | undefined = prefectureCode
    ? prefectures.data?.prefectures.find((p) => p.code === prefectureCode)
    : undefined;

  // The map mounts at the view the query asks for (a prefecture's view is static, so there is
  // no wait for /prefectures and no detour through all of Japan); later changes go through
  // ViewController.
  // A view in the URL (?view=, written as the user moves the map) wins: reload, back and a
  // shared link reopen the same view.
  const [initial] = useState(() => {
    const urlView = viewFromParams(searchParams);
    return {
      view: urlView ?? routeView(prefectureCode, point) ?? JAPAN_VIEW,
      key: viewKey(prefectureCode, point),
      fromUrl: urlView !== null,
    };
  });

  // The filters live in the URL (docs/decisions/map-on-a-phone.md).
  const filtersKey = searchParams.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const filters = useMemo(() => filtersFromParams(searchParams), [filtersKey]);
  const setFilters = (next: StoreFilters) =>
    setSearchParams((params) => withFilters(params, next), { replace: true, preventScrollReset: true });

  const [viewport, setViewport] = useState<Viewport | null>(null);
  const [map, setMap] = useState<LeafletMap | null>(null);
  const [focus, setFocus] = useState<FocusRequest | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const focusSeq = useRef(0);

  const requestViewport = useMemo(
    () => (viewport ? { bbox: viewport.bbox, zoom: clusterRequestZoom(viewport.zoom) } : null),
    [viewport],
  );
  const clusters = useClusters(requestViewport, filters);
  const nearby = useStoresNear(point, {
    radiusKm: NEARBY_RADIUS_KM,
    limit: NEARBY_LIMIT,
    filters: filtersToQuery(filters, RECENT_REPORT_HOURS),
  });
  const nearbyStores = nearby.data?.stores;

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
  const fittedFor = useRef<string | null>(initial.fromUrl && point ? `${point.lat},${point.lng}` : null);
  useEffect(() => {
    if (!map || !point || !nearbyStores || nearbyStores.length === 0) return;
    const key = `${point.lat},${point.lng}`;
    if (fittedFor.current === key) return;
    fittedFor.current = key;
    const points: Array<[number, number]> = [
      [point.lat, point.lng],
      ...nearbyStores.slice(0, NEARBY_FIT_COUNT).map((s): [number, number] => [s.lat, s.lng]),
    ];
    const sheetCovers = window.matchMedia?.(MOBILE_QUERY).matches ? map.getSize().y * 0.5 : 0;
    moveForRoute(map, () =>
      map.fitBounds(points, { paddingTopLeft: [40, 40], paddingBottomRight: [40, 40 + sheetCovers], maxZoom: 16 }),
    );
  }, [map, point, nearbyStores]);

  // Jump to a search result or a shared store link, once per key.
  const jumpedKey = useRef<string | null>(null);
  useEffect(() => {
    if (!map || !jump || jumpedKey.current === jump.key) return;
    jumpedKey.current = jump.key;
    const phone = window.matchMedia?.(MOBILE_QUERY).matches ?? false;
    moveForRoute(map, () => {
      map.setView([jump.lat, jump.lng], jump.zoom, { animate: false });
      if (jump.besideSheet) {
        const size = map.getSize();
        const offset: [number, number] = phone ? [0, (size.y * SHEET_PHONE_COVER) / 2] : [SHEET_DESKTOP_WIDTH / 2, 0];
        if (!phone && size.x <= SHEET_DESKTOP_WIDTH * 1.5) return;
        map.panBy(offset, { animate: false });
      }
    });
    if (phone) setSheetOpen(false);
  }, [map, jump]);

  const layout = useMemo(
    () => layoutClusters(clusters.data?.clusters ?? [], clusters.data?.stores ?? [], viewport?.zoom ?? 0),
    [clusters.data, viewport?.zoom],
  );
  const clusterList = layout.clusters;
  const storeList = layout.stores;
  const clusteredCount = clusterList.reduce((sum, c) => sum + c.count, 0) + (clusterList.length > 0 ? storeList.length : 0);
  const nearbyMode = point !== null;
  // While clusters are shown, the sheet lists the most useful stores of the view.
  const viewList = useViewList(viewport, filters, !nearbyMode && clusteredCount > 0);

  // The view goes into the URL once the map has moved from its first view.
  const reports = useRef(0);
  const onViewport = (next: Viewport) => {
    setViewport(next);
    reports.current += 1;
    if (!map || reports.current === 1) return;
    const centre = map.getCenter();
    const view = formatView(centre.lat, centre.lng, map.getZoom());
    setSearchParams((params) => (params.get('view') === view ? params : withView(params, view)), {
      replace: true,
      preventScrollReset: true,
    });
  };

  const select = (store: Store) => {
    if (!map) return;
    map.setView([store.lat, store.lng], Math.max(map.getZoom(), 16));
    if (onOpenStore) {
      onOpenStore(store);
    } else {
      focusSeq.current += 1;
      setFocus({ id: store.id, seq: focusSeq.current });
    }
    if (window.matchMedia?.(MOBILE_QUERY).matches) setSheetOpen(false);
  };

  return (
    <div className={styles.page} data-page="map">
      <h1 className="visually-hidden">{prefecture ? t('map.titleFor', { name: prefecture.name }) : t('map.title')}</h1>
      <FilterBar filters={filters} storeTypes={initialData.data?.store_types ?? []} onChange={setFilters} />
      <div className={styles.body}>
        <StoreListPanel
          mode={nearbyMode ? 'nearby' : 'view'}
          stores={nearbyMode ? (nearbyStores ?? []) : storeList}
          clusteredCount={nearbyMode ? 0 : clusteredCount}
          highlights={!nearbyMode && clusteredCount > 0 ? viewList.data : undefined}
          truncated={nearbyMode && (nearby.data?.truncated ?? false)}
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
            <BaseTileLayer />
            <ViewportTracker onChange={onViewport} />
            <ViewController prefectureCode={prefectureCode} point={point} initialKey={initial.key} />
            <StoreLayer
              clusters={clusterList}
              stores={storeList}
              storeTypes={storeTypes}
              focus={focus}
              onReport={onReport}
              onOpen={onOpenStore}
              favoriteIds={favoriteIds}
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
          {search && <div className={styles.search}>{search}</div>}
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
        {storeSheet}
      </div>
    </div>
  );
}
