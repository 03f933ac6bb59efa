import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api';
import { PREVIEW_NEARBY_LIMIT, PREVIEW_NEARBY_RADIUS_KM } from '../config';
import { adminStoreSchema } from '../types/submission';

const nearbySchema = z.object({ success: z.literal(true), data: z.array(adminStoreSchema) });

/** GET /stores?lat=&lng=&radius_km= — the existing stores around a submission, for its map preview. */
export const nearbyStoresQueryOptions = (lat: number, lng: number) =>
  queryOptions({
    queryKey: ['admin', 'nearby-stores', lat, lng],
    queryFn: async ({ signal }) => {
      const body = await apiRequest('/stores', nearbySchema, {
        query: { lat, lng, radius_km: PREVIEW_NEARBY_RADIUS_KM, limit: PREVIEW_NEARBY_LIMIT },
        signal,
      });
      return body.data;
    },
    staleTime: 60_000,
  });

export function useNearbyStores(lat: number, lng: number) {
  return useQuery(nearbyStoresQueryOptions(lat, lng));
}
