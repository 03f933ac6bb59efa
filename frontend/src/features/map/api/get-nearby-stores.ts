import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { NEARBY_RADIUS_KM, RECENT_REPORT_HOURS } from '@/config/constants';
import { apiRequest, envelope } from '@/lib/api';
import { filtersToQuery, storeSchema, type Store, type StoreFilters } from '../types/store';

/** GET /stores?lat=&lng= — nearest stores first, each with distance_km. */
const nearbyResponseSchema = z.extend(envelope(z.array(storeSchema)), { truncated: z.optional(z.boolean()) });

export interface LatLngQuery {
  lat: number;
  lng: number;
}

export async function getNearbyStores(
  point: LatLngQuery,
  filters: StoreFilters,
  signal?: AbortSignal,
): Promise<Store[]> {
  const body = await apiRequest('/stores', nearbyResponseSchema, {
    query: {
      lat: point.lat,
      lng: point.lng,
      radius_km: NEARBY_RADIUS_KM,
      limit: 50,
      ...filtersToQuery(filters, RECENT_REPORT_HOURS),
    },
    signal,
  });
  return body.data;
}

export const nearbyStoresQueryOptions = (point: LatLngQuery, filters: StoreFilters) =>
  queryOptions({
    queryKey: ['stores', 'nearby', point.lat, point.lng, filters],
    queryFn: ({ signal }) => getNearbyStores(point, filters, signal),
    staleTime: 30_000,
  });

export function useNearbyStores(point: LatLngQuery | null, filters: StoreFilters) {
  return useQuery({
    ...nearbyStoresQueryOptions(point ?? { lat: 0, lng: 0 }, filters),
    enabled: point !== null,
  });
}
