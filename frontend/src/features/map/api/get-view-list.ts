import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { RECENT_REPORT_HOURS } from '@/config/constants';
import { getStores, getStoresNear, type Store } from '@/api/stores';
import { centreOf, nearestRadiusKm, parseBbox, usefulStores, VIEW_LIST_RECENT_LIMIT, VIEW_LIST_SIZE } from '../lib/view-list';
import { reportProduct } from '../lib/latest-result';
import { filtersToQuery, type StoreFilters, type Viewport } from '../types/store';

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
    getStores({ bbox: viewport.bbox, ...query, reported_within_hours: RECENT_REPORT_HOURS, limit: VIEW_LIST_RECENT_LIMIT }, signal),
    getStoresNear({ point: centre, radiusKm: nearestRadiusKm(box), limit: VIEW_LIST_SIZE, filters: query }, signal),
  ]);
  return usefulStores(recent.stores, nearest.stores, box, VIEW_LIST_SIZE, reportProduct(filters.product));
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
