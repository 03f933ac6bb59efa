import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { RECENT_REPORT_HOURS } from '@/config/constants';
import { storeSchema } from '@/api/stores';
import { apiRequest, envelope } from '@/lib/api';
import { takePrefetchedClusters } from '../lib/first-view-prefetch';
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
    // The first view's answer may already be on its way (started by the entry, issue 13).
    prefetched: takePrefetchedClusters(viewport, filterQuery),
  });
  return body.data;
}

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
  });
}
