/**
 * Where the user is looking on the map (its centre), kept for the search box: results are
 * ranked by distance from it. The map publishes it (SearchViewTracker, a map layer); the
 * search reads it when a query is sent. Null until a map has been shown.
 */
export interface SearchView {
  lat: number;
  lng: number;
}

/** Coordinates sent with a search are rounded to this many decimals (~100 m; a stable cache key). */
export const SEARCH_VIEW_DECIMALS = 3;

let current: SearchView | null = null;

export function setSearchView(view: SearchView | null): void {
  current = view;
}

export function searchView(): SearchView | null {
  if (!current) return null;
  const round = (v: number) => Number(v.toFixed(SEARCH_VIEW_DECIMALS));
  return { lat: round(current.lat), lng: round(current.lng) };
}
