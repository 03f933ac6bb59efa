import { z } from 'zod/mini';

/** Store and Cluster as in docs/API.md. */
export const storeSchema = z.object({
  id: z.union([z.number(), z.string()]),
  name: z.string(),
  store_type: z.string(),
  prefecture: z.string(),
  prefecture_name: z.nullish(z.string()),
  city: z.nullish(z.string()),
  address: z.nullish(z.string()),
  lat: z.number(),
  lng: z.number(),
  location_precision: z.nullish(z.enum(['exact', 'municipality', 'prefecture'])),
  sells: z.nullish(
    z.object({
      packs: z.nullish(z.boolean()),
      boxes: z.nullish(z.boolean()),
      singles: z.nullish(z.boolean()),
    }),
  ),
  last_report_at: z.nullish(z.string()),
  last_report_kind: z.nullish(z.enum(['bought', 'sold_out'])),
  distance_km: z.optional(z.number()),
});
export type Store = z.infer<typeof storeSchema>;

export const clusterSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  count: z.int(),
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
});
export type Cluster = z.infer<typeof clusterSchema>;

export type ProductFilter = '' | 'packs' | 'boxes' | 'singles';

export interface StoreFilters {
  types: string[];
  product: ProductFilter;
  recentOnly: boolean;
}

export const EMPTY_FILTERS: StoreFilters = { types: [], product: '', recentOnly: false };

/** The query parameters that /stores and /stores/clusters share. */
export function filtersToQuery(filters: StoreFilters, recentHours: number) {
  return {
    type: filters.types.length > 0 ? [...filters.types].sort().join(',') : undefined,
    product: filters.product || undefined,
    reported_within_hours: filters.recentOnly ? recentHours : undefined,
  };
}

export interface Viewport {
  bbox: string;
  zoom: number;
}
