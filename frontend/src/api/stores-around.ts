import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest, envelope } from '@/lib/api';
import type { LatLng } from '@/lib/geolocation';

/** The fields of a Store (docs/API.md) that lists and previews of the stores around a point use. */
const storeAroundSchema = z.object({
  id: z.number(),
  name: z.string(),
  store_type: z.string(),
  prefecture_name: z.nullish(z.string()),
  city: z.nullish(z.string()),
  address: z.nullish(z.string()),
  lat: z.number(),
  lng: z.number(),
  distance_km: z.optional(z.number()),
});
export type StoreAround = z.infer<typeof storeAroundSchema>;

/** GET /stores?lat=&lng=&radius_km=&limit= — registered stores around a point, nearest first. */
export const storesAroundQueryOptions = (point: LatLng, radiusKm: number, limit: number) =>
  queryOptions({
    queryKey: ['stores', 'around', point.lat, point.lng, radiusKm, limit],
    queryFn: async ({ signal }) => {
      const body = await apiRequest('/stores', envelope(z.array(storeAroundSchema)), {
        query: { lat: point.lat, lng: point.lng, radius_km: radiusKm, limit },
        signal,
      });
      return body.data;
    },
    staleTime: 60_000,
  });

/** Waits (disabled) while the point is unknown. */
export function useStoresAround(point: LatLng | null, radiusKm: number, limit: number) {
  return useQuery({ ...storesAroundQueryOptions(point ?? { lat: 0, lng: 0 }, radiusKm, limit), enabled: point !== null });
}
