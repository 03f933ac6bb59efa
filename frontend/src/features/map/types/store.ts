import { z } from 'zod/mini';

/** Cluster as in docs/API.md; the Store model is src/api/stores.ts. */
export const clusterSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  count: z.int(),
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
});
export type Cluster = z.infer<typeof clusterSchema>;

export type ProductFilter = '' | 'packs' | 'boxes' | 'singles';
/** 抽選受付中 (an approved lottery window open now) or まもなく締切 (one also ending within 24 h). */
export type LotteryFilter = '' | 'open' | 'closing';

export interface StoreFilters {
  types: string[];
  product: ProductFilter;
  recentOnly: boolean;
  lottery: LotteryFilter;
}

export const EMPTY_FILTERS: StoreFilters = { types: [], product: '', recentOnly: false, lottery: '' };

/** The query parameters that /stores and /stores/clusters share. */
export function filtersToQuery(filters: StoreFilters, recentHours: number) {
  return {
    type: filters.types.length > 0 ? [...filters.types].sort().join(',') : undefined,
    product: filters.product || undefined,
    reported_within_hours: filters.recentOnly ? recentHours : undefined,
    lottery: filters.lottery || undefined,
  };
}

export interface Viewport {
  bbox: string;
  zoom: number;
}
