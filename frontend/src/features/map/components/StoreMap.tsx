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
import { NEARBY_LIMIT, NEARBY_RADIUS_KM, RECENT_REPORT_HOURS, STORE_FOCUS_ZOOM } from '@/config/constants';
import { t } from '@/i18n/ja';
import type { LatLng } from '@/lib/geolocation';
import { showToast } from '@/stores/toast-store';
import { useSearchParamsNow } from '@/hooks/use-search-params-now';
import outline from '../assets/japan-outline.json';
import { useClusters } from '../api/get-clusters';
import { useViewList } from '../api/get-view-list';
import { clusterRequestZoom, layoutClusters } from '../lib/cluster-layout';
import { keptByFilters, reportProduct } from '../lib/latest-result';
import { currentLocationIcon } from '../lib/icons';
import { JAPAN_VIEW } from '../lib/first-view-prefetch';
import { filtersFromParams, formatView, JAPAN_BOUNDS, pointFromParams, viewFromParams, withFilters, withView } from '../lib/map-url';
import { moveForRoute } from '../lib/route-move';
import { filtersToQuery, type StoreFilters, type Viewport } from '../types/store';
import { FilterBar } from './FilterBar';
import { StoreLayer, type FocusRequest } from './StoreLayer';
import { StoreListPanel } from './StoreListPanel';
import { routeView, ViewController, viewKey } from './ViewController';
import { ViewportTracker } from './ViewportTracker';
import styles from './StoreMap.module.css';

/** How many of the nearest stores the first view around ?lat=&lng= includes. */
const NEARBY_FIT_COUNT = 5;
const MOBILE_QUERY = '(max-width: 899px)';
const OUTLINE_STYLE = { color: '#8fa39a', weight: 1, fillColor: '#f1f3e9', fillOpacity: 1 };


/** What the nearby view was last fitted to: the point and the filters that chose its list. */
const fitKey = (at: LatLng, f: StoreFilters) => `${at.lat},${at.lng}|${JSON.stringify(filtersToQuery(f, RECENT_REPORT_HOURS))}`;

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

const isPhone = () => window.matchMedia?.(MOBILE_QUERY).matches ?? false;

/** The panels that rise from the map's bottom edge (they mark themselves with this attribute). */
const BOTTOM_LAYER_SELECTOR = '[data-map-layer="bottom"]';
/** Where the toaster reads the room the map's bottom layers take (Toaster.module.css). */
const TOAST_BOTTOM_VAR = '--pk-map-bottom-layers';

/**
 * Centres a store in the part of the map its sheet leaves free: on a phone between what
 * floats over the map's top (the search box, `topInset` px) and the bottom sheet (it covers up
 * to SHEET_PHONE_COVER of the height); on a desktop left of the side sheet.
 */
function showBesideSheet(map: LeafletMap, lat: number, lng: number, zoom: number, topInset = 0) {
  const phone = isPhone();
  moveForRoute(map, () => {
    map.setView([lat, lng], zoom, { animate: false });
    const size = map.getSize();
    if (phone) {
      const free = { top: topInset, bottom: size.y * (1 - SHEET_PHONE_COVER) };
      map.panBy([0, size.y / 2 - (free.top + free.bottom) / 2], { animate: false });
    } else if (size.x > SHEET_DESKTOP_WIDTH * 1.5) {
      map.panBy([SHEET_DESKTOP_WIDTH / 2, 0], { animate: false });
    }
  });
}

/** How far down the map's top the search box reaches (px from the map's top edge). */
function topInsetOf(map: LeafletMap, search: HTMLElement | null): number {
  if (!search) return 0;
  return Math.max(0, search.getBoundingClientRect().bottom - map.getContainer().getBoundingClientRect().top);
}

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
  /** The store whose sheet is open: its marker is highlighted. */
  selectedStoreId?: string | null;
  /** Told when the phone's list sheet opens or closes (the page folds the other bottom panels). */
  onListOpenChange?: (open: boolean) => void;
  /** A new value closes the phone's list sheet (another bottom panel was opened). */
  listCollapseKey?: number;
}

/**
 * The /map page: filters, the Leaflet map with clusters and markers, and the store list.
 * `onReport` adds 報告する to the store popups; `mapActions` (e.g. the add-store button) sit in
 * the list panel's header row, where they cover neither markers nor rows.
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
  selectedStoreId,
  onListOpenChange,
  listCollapseKey,
}: StoreMapProps = {}) {
  const [searchParams, setSearchParams] = useSearchParamsNow();
  const prefectureCode = searchParams.get('prefecture');
  const pointKey = `${searchParams.get('lat')},${searchParams.get('lng')}`;
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const { point, problem: pointProblem } = useMemo(() => pointFromParams(searchParams), [pointKey]);

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
  const pageRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLDivElement>(null);
  const sheetSlot = useRef<HTMLDivElement>(null);

  const onListOpenChangeRef = useRef(onListOpenChange);
  onListOpenChangeRef.current = onListOpenChange;
  useEffect(() => {
    onListOpenChangeRef.current?.(sheetOpen);
  }, [sheetOpen]);
  useEffect(() => {
    if (listCollapseKey) setSheetOpen(false);
  }, [listCollapseKey]);

  // Phones: toasts sit just above the highest bottom layer that is open (list sheet, route
  // panel, store sheet), so they never cover one; the page tells the toaster through a CSS
  // variable on the root element.
  const hasStoreSheet = Boolean(storeSheet);
  useEffect(() => {
    const page = pageRef.current;
    if (!page || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const place = () => {
      const layers = [...page.querySelectorAll<HTMLElement>(BOTTOM_LAYER_SELECTOR), sheetSlot.current?.firstElementChild]
        .map((el) => el?.getBoundingClientRect())
        .filter((r): r is DOMRect => !!r && r.height > 0);
      if (!isPhone() || layers.length === 0) {
        root.style.removeProperty(TOAST_BOTTOM_VAR);
        return;
      }
      const top = Math.min(...layers.map((r) => r.top));
      root.style.setProperty(TOAST_BOTTOM_VAR, `${Math.max(0, Math.round(window.innerHeight - top))}px`);
    };
    const observer = new ResizeObserver(place);
    const watch = () => {
      for (const el of page.querySelectorAll(BOTTOM_LAYER_SELECTOR)) observer.observe(el);
      if (sheetSlot.current?.firstElementChild) observer.observe(sheetSlot.current.firstElementChild);
    };
    // The route panel comes and goes with its stops: watch the page for layers added later.
    const mutations = new MutationObserver(() => {
      watch();
      place();
    });
    mutations.observe(page, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-expanded'] });
    window.addEventListener('resize', place);
    watch();
    place();
    return () => {
      observer.disconnect();
      mutations.disconnect();
      window.removeEventListener('resize', place);
      root.style.removeProperty(TOAST_BOTTOM_VAR);
    };
  }, [hasStoreSheet, sheetOpen]);

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
  // The server's 24 h filter matches any report; the map keeps the recent 購入できた ones.
  const nearbyStores = useMemo(() => nearby.data?.stores.filter((s) => keptByFilters(s, filters)), [nearby.data, filters]);

  const warnedFor = useRef<string | null>(null);
  useEffect(() => {
    if (prefectureCode && prefectures.data && !prefecture && warnedFor.current !== prefectureCode) {
      warnedFor.current = prefectureCode;
      showToast(t('map.unknownPrefecture'), 'warning');
    }
  }, [prefectureCode, prefectures.data, prefecture]);

  // A ?lat=&lng= the map cannot show says so (the map shows all of Japan instead).
  const warnedPoint = useRef<string | null>(null);
  useEffect(() => {
    if (!pointProblem || warnedPoint.current === pointKey) return;
    warnedPoint.current = pointKey;
    showToast(t(pointProblem === 'outside' ? 'map.pointOutside' : 'map.pointInvalid'), 'warning');
  }, [pointProblem, pointKey]);

  // Phones: open the sheet by itself when listing nearby stores.
  useEffect(() => {
    if (point) setSheetOpen(true);
  }, [point]);

  // MapContainer does not pass ARIA attributes through: label the map element directly.
  useEffect(() => {
    map?.getContainer().setAttribute('aria-label', t('map.label'));
  }, [map]);

  // ?lat=&lng=: once the nearest stores are known, fit the view to the point and the closest
  // few; again whenever the filters change the list, so the listed stores are on the map too.
  const fittedFor = useRef<string | null>(initial.fromUrl && point ? fitKey(point, filters) : null);
  useEffect(() => {
    if (!map || !point || !nearbyStores || nearbyStores.length === 0) return;
    const key = fitKey(point, filters);
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
  }, [map, point, nearbyStores, filters]);

  // Jump to a search result or a shared store link, once per key.
  const jumpedKey = useRef<string | null>(null);
  useEffect(() => {
    if (!map || !jump || jumpedKey.current === jump.key) return;
    jumpedKey.current = jump.key;
    if (jump.besideSheet) showBesideSheet(map, jump.lat, jump.lng, jump.zoom, topInsetOf(map, searchRef.current));
    else moveForRoute(map, () => map.setView([jump.lat, jump.lng], jump.zoom, { animate: false }));
    if (isPhone()) setSheetOpen(false);
  }, [map, jump]);

  const serverStores = useMemo(() => (clusters.data?.stores ?? []).filter((s) => keptByFilters(s, filters)), [clusters.data, filters]);
  const layout = useMemo(
    () => layoutClusters(clusters.data?.clusters ?? [], serverStores, viewport?.zoom ?? 0),
    [clusters.data, serverStores, viewport?.zoom],
  );
  const clusterList = layout.clusters;
  const storeList = layout.stores;
  // The list follows what the server sent: every store of the view when it sent them all
  // (even if the map groups them into bubbles), else the view's total and a selection.
  const serverClustered = (clusters.data?.clusters.length ?? 0) > 0;
  const viewStores = serverClustered ? storeList : serverStores;
  const clusteredCount = serverClustered ? clusterList.reduce((sum, c) => sum + c.count, 0) + storeList.length : 0;
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

  // A list row (zoomed to the store) or a marker (the zoom stays) opens the store: with the
  // sheet, the store is brought beside it (above it on a phone) so the sheet never hides it.
  const select = (store: Store, zoom = Math.max(map?.getZoom() ?? 0, STORE_FOCUS_ZOOM)) => {
    if (!map) return;
    if (onOpenStore) {
      showBesideSheet(map, store.lat, store.lng, zoom, topInsetOf(map, searchRef.current));
      onOpenStore(store);
    } else {
      map.setView([store.lat, store.lng], zoom);
      focusSeq.current += 1;
      setFocus({ id: store.id, seq: focusSeq.current });
    }
    if (isPhone()) setSheetOpen(false);
  };

  return (
    <div ref={pageRef} className={styles.page} data-page="map">
      <h1 className="visually-hidden">{prefecture ? t('map.titleFor', { name: prefecture.name }) : t('map.title')}</h1>
      <FilterBar filters={filters} storeTypes={initialData.data?.store_types ?? []} onChange={setFilters} />
      <div className={styles.body}>
        <StoreListPanel
          mode={nearbyMode ? 'nearby' : 'view'}
          stores={nearbyMode ? (nearbyStores ?? []) : viewStores}
          clusteredCount={nearbyMode ? 0 : clusteredCount}
          highlights={!nearbyMode && clusteredCount > 0 ? viewList.data?.filter((s) => keptByFilters(s, filters)) : undefined}
          truncated={nearbyMode && (nearby.data?.truncated ?? false)}
          isLoading={nearbyMode ? nearby.isPending : clusters.isPending}
          isError={nearbyMode ? nearby.isError : clusters.isError}
          onRetry={() => void (nearbyMode ? nearby.refetch() : clusters.refetch())}
          storeTypes={storeTypes}
          onSelect={select}
          expanded={sheetOpen}
          onToggle={() => setSheetOpen((open) => !open)}
          rowAction={listRowAction}
          headerAction={mapActions}
          product={reportProduct(filters.product)}
          lottery={filters.lottery}
        />
        <div className={styles.mapWrap} data-testid="store-map">
          <MapContainer
            ref={setMap}
            center={initial.view.center}
            zoom={initial.view.zoom}
            minZoom={4}
            maxBounds={JAPAN_BOUNDS}
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
              onOpen={onOpenStore && ((store) => select(store, map?.getZoom()))}
              selectedId={selectedStoreId ?? null}
              favoriteIds={favoriteIds}
              popupActions={popupActions}
              product={reportProduct(filters.product)}
              lottery={filters.lottery}
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
          {search && (
            <div ref={searchRef} className={styles.search}>
              {search}
            </div>
          )}
          {overlay && (
            <div className={styles.overlay} data-sheet={sheetOpen ? 'open' : 'closed'} data-store-sheet={storeSheet ? 'open' : 'closed'}>
              {overlay}
            </div>
          )}
          {clusters.isFetching && (
            <p className={styles.loading} role="status">
              {t('map.loadingStores')}
            </p>
          )}
        </div>
        {storeSheet && (
          <div ref={sheetSlot} className={styles.sheetSlot}>
            {storeSheet}
          </div>
        )}
      </div>
    </div>
  );
}
