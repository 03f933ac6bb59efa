import { createStore, useStore } from './create-store';

/** The response header the service worker adds to an API answer served from its cache. */
export const CACHED_AT_HEADER = 'X-Pokeca-Cached-At';

export interface ConnectivityState {
  /** The browser says it is offline, or an answer just came from the offline cache. */
  offline: boolean;
  /** The oldest cached answer shown since going offline (ms since epoch), if any. */
  dataFetchedAt: number | null;
}

export const connectivityStore = createStore<ConnectivityState>({
  offline: typeof navigator !== 'undefined' && navigator.onLine === false,
  dataFetchedAt: null,
});

/** Every API answer passes here (lib/http.ts): a cached one marks the app offline with its age. */
export function noteApiResponse(response: Response): void {
  const cachedAt = Number(response.headers.get(CACHED_AT_HEADER));
  if (Number.isFinite(cachedAt) && cachedAt > 0) {
    connectivityStore.set((s) => ({
      offline: true,
      dataFetchedAt: s.dataFetchedAt === null ? cachedAt : Math.min(s.dataFetchedAt, cachedAt),
    }));
  } else if (connectivityStore.get().offline && navigator.onLine !== false) {
    connectivityStore.set({ offline: false, dataFetchedAt: null });
  }
}

/** Follows the browser's online/offline events. Returns the unsubscribe. */
export function watchConnectivity(): () => void {
  const offline = () => connectivityStore.set((s) => ({ ...s, offline: true }));
  const online = () => connectivityStore.set({ offline: false, dataFetchedAt: null });
  window.addEventListener('offline', offline);
  window.addEventListener('online', online);
  return () => {
    window.removeEventListener('offline', offline);
    window.removeEventListener('online', online);
  };
}

export function useConnectivity(): ConnectivityState {
  return useStore(connectivityStore);
}
