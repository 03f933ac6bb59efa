import { lazy, useEffect, useRef, useState } from 'react';
import { useFavoriteIds } from '@/api/favorites';
import type { Store } from '@/api/stores';
import { PHONE_QUERY, PLACE_FOCUS_ZOOM, STORE_FOCUS_ZOOM } from '@/config/constants';
import { useSearchParamsNow } from '@/hooks/use-search-params-now';
import { StoreMap, type MapJump } from '@/features/map/components/StoreMap';
import { pointFromParams } from '@/features/map/lib/map-url';
import { useReportDialog } from '@/features/reports/hooks/use-report-dialog';
import { AddToTripButton } from '@/features/trips/components/AddToTripButton';
import { TripBar } from '@/features/trips/components/TripBar';
import { TripLayer } from '@/features/trips/components/TripLayer';
import { useOpenSavedTrip } from '@/features/trips/hooks/use-open-saved-trip';
import { useTripDraft } from '@/features/trips/hooks/use-trip-draft';
import { SearchViewTracker } from '@/features/store-search/components/SearchViewTracker';
import { StoreSearch } from '@/features/store-search/components/StoreSearch';
import { StoreSheet } from '@/features/store-sheet/components/StoreSheet';
import { AddStoreButton } from '@/features/submission/components/AddStoreButton';
import { WatchAreaButton } from '@/features/watches/components/WatchAreaButton';
import { WatchCentreTracker } from '@/features/watches/components/WatchCentreTracker';

/** Lazy: the lottery chunk (its texts and time helpers) loads when a sheet opens, not with the map. */
const StoreLotteries = lazy(() => import('@/features/lotteries/components/StoreLotteries'));

/** The query parameter of a store's own URL: /map?store={id} (docs/decisions/personal-features.md). */
const STORE_PARAM = 'store';

/**
 * /map: the store map; a marker, a list row or a search result opens the store's sheet
 * (?store={id}, so the URL can be shared and Back closes it) with the 報告する form; the
 * search box and the add-store button for signed-in users; the route being built
 * (ルートに追加 in the sheet and the list, the bar, the line). ?route={id} opens a saved route.
 */
export default function MapRoute() {
  const report = useReportDialog();
  const [params, setParams] = useSearchParamsNow();
  const storeId = params.get(STORE_PARAM);
  const favoriteIds = useFavoriteIds();
  const tripId = Number(params.get('route'));
  useOpenSavedTrip(Number.isInteger(tripId) && tripId > 0 ? tripId : null);
  const [jump, setJump] = useState<MapJump | null>(null);
  // The store whose position is already on screen (opened from its marker or the list);
  // any other ?store= (a shared link, Back/Forward) is centred once its details arrive.
  const shownStore = useRef<string | null>(null);

  // Phones have room for one open bottom panel: opening the list or a store sheet folds the
  // route panel to its summary line, and unfolding the route panel closes the list.
  const route = useTripDraft();
  const tripExpanded = route.draft.expanded && route.draft.stops.length > 0;
  const setTripExpanded = route.setExpanded;
  const [listCollapseKey, setListCollapseKey] = useState(0);
  const listOpen = useRef(false);
  /** The route panel was folded because the list opened: it unfolds again when the list closes. */
  const foldedForList = useRef(false);
  const phone = () => window.matchMedia?.(PHONE_QUERY).matches ?? false;
  const stopCount = route.draft.stops.length;
  const seenStops = useRef(stopCount);
  useEffect(() => {
    const added = stopCount > seenStops.current;
    seenStops.current = stopCount;
    if (!tripExpanded || !phone() || !listOpen.current) return;
    // A store added from the list keeps the list open (the panel stays folded); the user
    // unfolding the panel closes the list.
    if (added) {
      foldedForList.current = true;
      setTripExpanded(false);
    } else {
      setListCollapseKey((k) => k + 1);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tripExpanded, stopCount]);
  useEffect(() => {
    if (storeId && phone()) setTripExpanded(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [storeId]);

  const openStore = (store: Store) => {
    const id = String(store.id);
    shownStore.current = id;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set(STORE_PARAM, id);
        return next;
      },
      { replace: params.has(STORE_PARAM) },
    );
  };
  const closeStore = () =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.delete(STORE_PARAM);
      return next;
    });

  return (
    <>
      <StoreMap
        onReport={report.open}
        onOpenStore={(store) => openStore(store)}
        favoriteIds={favoriteIds}
        selectedStoreId={storeId}
        listCollapseKey={listCollapseKey}
        onListOpenChange={(open) => {
          listOpen.current = open;
          if (!phone()) return;
          if (open && tripExpanded) {
            foldedForList.current = true;
            setTripExpanded(false);
          } else if (!open && foldedForList.current) {
            foldedForList.current = false;
            if (!storeId) setTripExpanded(true);
          }
        }}
        jump={jump}
        search={
          <StoreSearch
            onPickStore={(store) => {
              openStore(store);
              setJump({ lat: store.lat, lng: store.lng, zoom: STORE_FOCUS_ZOOM, key: `store:${store.id}:${Date.now()}`, besideSheet: true });
            }}
            onPickPlace={(place) => {
              closeStore();
              setJump({ lat: place.lat, lng: place.lng, zoom: PLACE_FOCUS_ZOOM, key: `place:${place.name}:${Date.now()}` });
            }}
          />
        }
        storeSheet={
          storeId && (
            <StoreSheet
              key={storeId}
              storeId={storeId}
              onClose={closeStore}
              onReport={report.open}
              tripAction={(store) => <AddToTripButton store={store} />}
              lotteries={(store, classes) => (
                <StoreLotteries storeId={store.id} sectionClassName={classes.section} titleClassName={classes.title} />
              )}
              origin={pointFromParams(params).point}
              onLoaded={(store) => {
                if (shownStore.current === storeId) return;
                shownStore.current = storeId;
                setJump({ lat: store.lat, lng: store.lng, zoom: STORE_FOCUS_ZOOM, key: `link:${storeId}`, besideSheet: true });
              }}
            />
          )
        }
        mapActions={<AddStoreButton placement="toolbar" />}
        popupActions={(store) => <AddToTripButton store={store} />}
        listRowAction={(store) => <AddToTripButton store={store} compact />}
        mapLayers={
          <>
            <TripLayer />
            <SearchViewTracker />
            <WatchCentreTracker />
          </>
        }
        overlay={
          <>
            <TripBar />
            <WatchAreaButton />
          </>
        }
      />
      {report.dialog}
    </>
  );
}
