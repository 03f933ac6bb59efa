import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { RECENT_REPORT_HOURS } from '@/config/constants';
import { storeSchema } from '@/api/stores';
import { apiRequest, envelope } from '@/lib/api';
import { isPrefetchedView, peekPrefetchedClusters, takePrefetchedClusters, type Prefetch } from '../lib/first-view-prefetch';
import { clusterSchema, filtersToQuery, type StoreFilters, type Viewport } from '../types/store';

/** GET /stores/clusters — server-side clusters when zoomed out, else the markers. */
export const clustersDataSchema = z.object({
  clusters: z.array(clusterSchema),
  stores: z.array(storeSchema),
});
export type ClustersData = z.infer<typeof clustersDataSchema>;

/** The answer has no `truncated`: what does not fit comes as clusters (docs/API.md). */
export async function getClusters(viewport: Viewport, filters: StoreFilters, signal?: AbortSignal): Promise<ClustersData> {
  const filterQuery = filtersToQuery(filters, RECENT_REPORT_HOURS);
  const body = await apiRequest('/stores/clusters', envelope(clustersDataSchema), {
    query: { bbox: viewport.bbox, zoom: viewport.zoom, ...filterQuery },
    signal,
    // The first view's answer may already be on its way (started by the entry).
    prefetched: takePrefetchedClusters(viewport, filterQuery),
  });
  return body.data;
}

/** The entry's prefetched answer, parsed ahead of the map's first request. */
let readAhead: { entry: Readonly<Prefetch>; data: ClustersData } | null = null;

/**
 * Parses the entry's prefetched first-view answer as soon as it is there (the map's chunk
 * calls this when it loads), so the map's first clusters query starts with it instead of a
 * request, a parse and a re-render after Leaflet has mounted. Anything unusual (an error, a
 * body that does not fit, the prefetch already taken) leaves the ordinary path to it.
 */
export async function readPrefetchedClustersAhead(): Promise<void> {
  const entry = peekPrefetchedClusters();
  if (!entry) return;
  try {
    const res = await entry.response;
    if (!res?.ok) return;
    const parsed = envelope(clustersDataSchema).safeParse(await res.clone().json());
    if (parsed.success && peekPrefetchedClusters() === entry) readAhead = { entry, data: parsed.data.data };
  } catch {
    // the ordinary request path reads (or repeats) it
  }
}

/**
 * The first view's clusters if the prefetched answer is parsed and is for exactly this view
 * and these filters; then it is taken, so every later request asks the server. Asked once:
 * a first query for another view drops it.
 */
export function firstViewClusters(viewport: Viewport, filters: StoreFilters): ClustersData | undefined {
  const ahead = readAhead;
  readAhead = null;
  if (!ahead || peekPrefetchedClusters() !== ahead.entry) return undefined;
  const filterQuery = filtersToQuery(filters, RECENT_REPORT_HOURS);
  if (!isPrefetchedView(ahead.entry, viewport, filterQuery)) return undefined;
  takePrefetchedClusters(viewport, filterQuery);
  return ahead.data;
}

// The map's chunk is evaluated while the map is about to mount: start reading now.
void readPrefetchedClustersAhead();

export const clustersQueryOptions = (viewport: Viewport, filters: StoreFilters) =>
  queryOptions({
    queryKey: ['stores', 'clusters', viewport.bbox, viewport.zoom, filters],
    queryFn: ({ signal }) => getClusters(viewport, filters, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export function useClusters(viewport: Viewport | null, filters: StoreFilters) {
  return useQuery({
    ...clustersQueryOptions(viewport ?? { bbox: '', zoom: 0 }, filters),
    enabled: viewport !== null,
    // Asked when the query is created: the first view starts with the entry's answer.
    initialData: viewport ? () => firstViewClusters(viewport, filters) : undefined,
  });
}
