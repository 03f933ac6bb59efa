import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { RECENT_REPORT_HOURS } from '@/config/constants';
import { apiRequest, envelope } from '@/lib/api';
import { centreOf, nearestRadiusKm, parseBbox, usefulStores, VIEW_LIST_RECENT_LIMIT, VIEW_LIST_SIZE } from '../lib/view-list';
import { filtersToQuery, storeSchema, type Store, type StoreFilters, type Viewport } from '../types/store';

const storesResponseSchema = z.extend(envelope(z.array(storeSchema)), { truncated: z.optional(z.boolean()) });

/**
 * The list sheet while clusters are shown: two GET /stores calls (the view's stores
 * reported in the last 24 h, and the stores nearest to its centre) merged by usefulStores.
 */
export async function getViewList(viewport: Viewport, filters: StoreFilters, signal?: AbortSignal): Promise<Store[]> {
  const box = parseBbox(viewport.bbox);
  if (!box) return [];
  const centre = centreOf(box);
  const query = filtersToQuery(filters, RECENT_REPORT_HOURS);
  const [recent, nearest] = await Promise.all([
    apiRequest('/stores', storesResponseSchema, {
      query: { bbox: viewport.bbox, ...query, reported_within_hours: RECENT_REPORT_HOURS, limit: VIEW_LIST_RECENT_LIMIT },
      signal,
    }),
    apiRequest('/stores', storesResponseSchema, {
      query: { lat: centre.lat, lng: centre.lng, radius_km: nearestRadiusKm(box), ...query, limit: VIEW_LIST_SIZE },
      signal,
    }),
  ]);
  return usefulStores(recent.data, nearest.data, box);
}

export const viewListQueryOptions = (viewport: Viewport, filters: StoreFilters) =>
  queryOptions({
    queryKey: ['stores', 'view-list', viewport.bbox, filters],
    queryFn: ({ signal }) => getViewList(viewport, filters, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export function useViewList(viewport: Viewport | null, filters: StoreFilters, enabled: boolean) {
  return useQuery({
    ...viewListQueryOptions(viewport ?? { bbox: '', zoom: 0 }, filters),
    enabled: enabled && viewport !== null,
  });
}
