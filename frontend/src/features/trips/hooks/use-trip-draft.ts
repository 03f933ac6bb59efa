import { createStore, useStore } from '@/stores/create-store';
import { TRIP_DRAFT_STORAGE_KEY, TRIP_MAX_STOPS } from '../lib/constants';
import type { LatLngPoint, TripStart, TripStop, StoreLike, TravelMode } from '../types/trip';

/**
 * The trip being built (one per tab): its stops in order, the start, walk/car, and the
 * saved trip it came from. Any page can add to it: `useRouteDraft().add(store)` (the
 * map's popup and list, /favorites, the store sheet). Kept in sessionStorage so a reload
 * does not lose it.
 */
export interface TripDraft {
  stops: TripStop[];
  start: TripStart;
  returnToStart: boolean;
  mode: TravelMode;
  /** The saved trip this draft was opened from (save then updates it). */
  savedId: number | null;
  name: string;
  /** Bumped when the map should fit the trip (opened, optimised). */
  fitSeq: number;
  /** The bar is expanded (phones show a one-line summary when collapsed). */
  expanded: boolean;
}

export const EMPTY_DRAFT: TripDraft = {
  stops: [],
  start: { kind: 'none' },
  returnToStart: false,
  mode: 'walk',
  savedId: null,
  name: '',
  fitSeq: 0,
  expanded: true,
};

function load(): TripDraft {
  try {
    const raw = globalThis.sessionStorage?.getItem(TRIP_DRAFT_STORAGE_KEY);
    if (!raw) return EMPTY_DRAFT;
    const parsed = JSON.parse(raw) as Partial<TripDraft>;
    if (!Array.isArray(parsed.stops)) return EMPTY_DRAFT;
    return { ...EMPTY_DRAFT, ...parsed, fitSeq: 0 };
  } catch {
    return EMPTY_DRAFT;
  }
}

export const tripDraftStore = createStore<TripDraft>(load());
tripDraftStore.subscribe(() => {
  try {
    const { stops, start, returnToStart, mode, savedId, name } = tripDraftStore.get();
    globalThis.sessionStorage?.setItem(
      TRIP_DRAFT_STORAGE_KEY,
      JSON.stringify({ stops, start, returnToStart, mode, savedId, name }),
    );
  } catch {
    // Private mode or a full storage: the draft just does not survive a reload.
  }
});

export function toTripStop(store: StoreLike): TripStop {
  const status = store.status === 'hidden' || store.status === 'closed' ? store.status : 'active';
  return {
    id: Number(store.id),
    name: store.name,
    lat: store.lat,
    lng: store.lng,
    store_type: store.store_type,
    address: store.address || [store.prefecture_name, store.city].filter(Boolean).join(''),
    status,
  };
}

export type AddResult = 'added' | 'already' | 'full';

/** Pure state changes (tested without React). */
export const draftActions = {
  add(draft: TripDraft, store: StoreLike): [TripDraft, AddResult] {
    const id = Number(store.id);
    if (draft.stops.some((s) => s.id === id)) return [draft, 'already'];
    if (draft.stops.length >= TRIP_MAX_STOPS) return [draft, 'full'];
    return [{ ...draft, stops: [...draft.stops, toTripStop(store)], expanded: true }, 'added'];
  },
  remove(draft: TripDraft, id: number): TripDraft {
    const start = draft.start.kind === 'store' && draft.start.storeId === id ? ({ kind: 'none' } as const) : draft.start;
    return { ...draft, stops: draft.stops.filter((s) => s.id !== id), start };
  },
  move(draft: TripDraft, from: number, to: number): TripDraft {
    if (from === to || from < 0 || to < 0 || from >= draft.stops.length || to >= draft.stops.length) return draft;
    const stops = [...draft.stops];
    const [moved] = stops.splice(from, 1);
    stops.splice(to, 0, moved!);
    return { ...draft, stops };
  },
  /** A start store goes first: the trip begins there. */
  setStart(draft: TripDraft, start: TripStart): TripDraft {
    if (start.kind !== 'store') return { ...draft, start };
    const index = draft.stops.findIndex((s) => s.id === start.storeId);
    if (index < 0) return draft;
    return { ...draftActions.move(draft, index, 0), start };
  },
};

function set(update: (draft: TripDraft) => TripDraft) {
  tripDraftStore.set(update);
}

/** The draft and what can be done to it. */
export function useTripDraft() {
  const draft = useStore(tripDraftStore);
  return {
    draft,
    add: (store: StoreLike): AddResult => {
      let result: AddResult = 'added';
      set((d) => {
        const [next, r] = draftActions.add(d, store);
        result = r;
        return next;
      });
      return result;
    },
    has: (id: number | string) => draft.stops.some((s) => s.id === Number(id)),
    remove: (id: number) => set((d) => draftActions.remove(d, id)),
    move: (from: number, to: number) => set((d) => draftActions.move(d, from, to)),
    setStart: (start: TripStart) => set((d) => draftActions.setStart(d, start)),
    setMode: (mode: TravelMode) => set((d) => ({ ...d, mode })),
    setReturnToStart: (returnToStart: boolean) => set((d) => ({ ...d, returnToStart })),
    setExpanded: (expanded: boolean) => set((d) => ({ ...d, expanded })),
    /** Replaces the stops (an optimised order, or a saved trip opened). */
    replace: (stops: TripStop[], extra: Partial<TripDraft> = {}) =>
      set((d) => ({ ...d, ...extra, stops, fitSeq: d.fitSeq + 1 })),
    markSaved: (savedId: number, name: string) => set((d) => ({ ...d, savedId, name })),
    clear: () => set(() => ({ ...EMPTY_DRAFT, fitSeq: 0 })),
  };
}

/** The start as a point (a start store is the first stop, so it is its location). */
export function startPoint(draft: TripDraft): LatLngPoint | null {
  if (draft.start.kind === 'current' || draft.start.kind === 'point') return draft.start.point;
  return null;
}
