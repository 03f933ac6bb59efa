import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { SUBMISSION_NEARBY_LIMIT, SUBMISSION_NEARBY_RADIUS_KM } from '@/config/constants';
import { apiRequest, envelope } from '@/lib/api';
import type { LatLng } from '@/lib/geolocation';

/** The few fields of a Store (docs/API.md) the "already registered?" list shows. */
const nearbyStoreSchema = z.object({
  id: z.union([z.number(), z.string()]),
  name: z.string(),
  prefecture_name: z.nullish(z.string()),
  city: z.nullish(z.string()),
  address: z.nullish(z.string()),
  distance_km: z.optional(z.number()),
});
export type NearbyStore = z.infer<typeof nearbyStoreSchema>;

/** GET /stores?lat=&lng=&radius_km=0.3&limit=5 — registered stores right around the new one. */
export async function getStoresAround(point: LatLng, signal?: AbortSignal): Promise<NearbyStore[]> {
  const body = await apiRequest('/stores', envelope(z.array(nearbyStoreSchema)), {
    query: { lat: point.lat, lng: point.lng, radius_km: SUBMISSION_NEARBY_RADIUS_KM, limit: SUBMISSION_NEARBY_LIMIT },
    signal,
  });
  return body.data;
}

export const storesAroundQueryOptions = (point: LatLng) =>
  queryOptions({
    queryKey: ['stores', 'around', point.lat, point.lng],
    queryFn: ({ signal }) => getStoresAround(point, signal),
    staleTime: 60_000,
  });

export function useStoresAround(point: LatLng | null) {
  return useQuery({ ...storesAroundQueryOptions(point ?? { lat: 0, lng: 0 }), enabled: point !== null });
}
