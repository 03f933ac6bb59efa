import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest, envelope, type QueryValue } from '@/lib/api';
import { paths } from '@/config/paths';
import type { LatLng } from '@/lib/geolocation';
import { saleTermsShape } from '@/lib/sale-terms';

/**
 * The one Store model of the frontend: Store and StoreDetail as in docs/API.md, and the one
 * client of GET /stores and GET /stores/{id}. The map (clusters and nearby list), the
 * submission modal's "already registered?" list and the admin preview and duplicate hints
 * all read stores through these schemas.
 */

export const precisionSchema = z.enum(['exact', 'municipality', 'prefecture']);
export type Precision = z.infer<typeof precisionSchema>;

export const photoSchema = z.object({
  url: z.string(),
  thumb_url: z.string(),
  width: z.optional(z.number()),
  height: z.optional(z.number()),
});
export type Photo = z.infer<typeof photoSchema>;

/** A store's latest report of one product: what it said and when. */
export const latestReportSchema = z.object({
  kind: z.enum(['bought', 'sold_out']),
  at: z.string(),
});
export type LatestReport = z.infer<typeof latestReportSchema>;
export type ReportProduct = 'pack' | 'box' | 'single';

export const storeSchema = z.object({
  id: z.number(),
  name: z.string(),
  store_type: z.string(),
  prefecture: z.string(),
  prefecture_name: z.nullish(z.string()),
  city: z.nullish(z.string()),
  address: z.nullish(z.string()),
  lat: z.number(),
  lng: z.number(),
  location_precision: z.nullish(precisionSchema),
  sells: z.nullish(
    z.object({
      packs: z.nullish(z.boolean()),
      boxes: z.nullish(z.boolean()),
      singles: z.nullish(z.boolean()),
    }),
  ),
  last_report_at: z.nullish(z.string()),
  last_report_kind: z.nullish(z.enum(['bought', 'sold_out'])),
  /** The latest report of each product (null: none); the latest of all is one of them. */
  latest_by_product: z.nullish(
    z.object({
      pack: z.nullish(latestReportSchema),
      box: z.nullish(latestReportSchema),
      single: z.nullish(latestReportSchema),
    }),
  ),
  /** Only in answers to a query around a point. */
  distance_km: z.optional(z.number()),
});
export type Store = z.infer<typeof storeSchema>;

/** A store an admin removed keeps its favourites but shows as 閉店・非表示. */
export const storeStatusSchema = z._default(z.optional(z.enum(['active', 'hidden', 'closed'])), 'active');
export type StoreStatus = z.infer<typeof storeStatusSchema>;

export function isRemoved(status: StoreStatus | undefined): boolean {
  return status === 'hidden' || status === 'closed';
}

/** The URL of a store: the map centred on it with its sheet open (docs/decisions/personal-features.md). */
export function storeUrl(id: Store['id'], origin: string = window.location.origin): string {
  return origin + paths.map.getHref({ store: id });
}

const reportSchema = z.object({
  id: z.number(),
  kind: z.enum(['bought', 'sold_out']),
  product: z.enum(['pack', 'box', 'single']),
  product_name: z.nullish(z.string()),
  limit_note: z.nullish(z.string()),
  purchased_at: z.string(),
  created_at: z.string(),
  ...saleTermsShape,
});
export type StoreReport = z.infer<typeof reportSchema>;

/** Purchase reports of the last `days` days by weekday (0 = Sunday) and hour, Japan time. */
export const activitySchema = z.object({
  days: z.number(),
  by_weekday: z.array(z.number()),
  by_hour: z.array(z.number()),
});
export type StoreActivity = z.infer<typeof activitySchema>;

export const storeDetailSchema = z.extend(storeSchema, {
  status: storeStatusSchema,
  photos: z._default(z.optional(z.array(photoSchema)), []),
  recent_reports: z._default(z.optional(z.array(reportSchema)), []),
  activity: z.nullish(activitySchema),
});
export type StoreDetail = z.infer<typeof storeDetailSchema>;

/**
 * GET /stores around a point: `radius_km`, `limit`, and the map's filters (`type`, `product`,
 * `reported_within_hours`) when given. Nearest first, each with `distance_km`.
 */
export interface StoresNearQuery {
  point: LatLng;
  radiusKm: number;
  limit: number;
  filters?: Record<string, QueryValue>;
}

export interface StoresNear {
  stores: Store[];
  /** More stores matched than `limit`: the list holds the nearest `limit`. */
  truncated: boolean;
}

const storesResponseSchema = z.extend(envelope(z.array(storeSchema)), { truncated: z.optional(z.boolean()) });

/** GET /stores with any of its selections (`prefecture`, `bbox`, `lat`+`lng`) and filters. */
export async function getStores(query: Record<string, QueryValue>, signal?: AbortSignal): Promise<StoresNear> {
  const body = await apiRequest('/stores', storesResponseSchema, { query, signal });
  return { stores: body.data, truncated: body.truncated ?? false };
}

export async function getStoresNear(query: StoresNearQuery, signal?: AbortSignal): Promise<StoresNear> {
  return getStores(
    { lat: query.point.lat, lng: query.point.lng, radius_km: query.radiusKm, limit: query.limit, ...query.filters },
    signal,
  );
}

export const storesNearQueryOptions = (query: StoresNearQuery) =>
  queryOptions({
    queryKey: ['stores', 'near', query.point.lat, query.point.lng, query.radiusKm, query.limit, query.filters ?? {}],
    queryFn: ({ signal }) => getStoresNear(query, signal),
    staleTime: 30_000,
  });

/** Waits (disabled) while the point is unknown. */
export function useStoresNear(point: LatLng | null, query: Omit<StoresNearQuery, 'point'>) {
  return useQuery({ ...storesNearQueryOptions({ ...query, point: point ?? { lat: 0, lng: 0 } }), enabled: point !== null });
}

/** GET /stores/{id}: one store with its photos, latest reports and activity (the store sheet). */
export async function getStore(id: number | string, signal?: AbortSignal): Promise<StoreDetail> {
  const body = await apiRequest(`/stores/${encodeURIComponent(String(id))}`, envelope(storeDetailSchema), { signal });
  return body.data;
}

export const storeQueryOptions = (id: number | string) =>
  queryOptions({
    queryKey: ['stores', 'detail', String(id)],
    queryFn: ({ signal }) => getStore(id, signal),
    staleTime: 30_000,
  });

export function useStore(id: number | string | null) {
  return useQuery({ ...storeQueryOptions(id ?? 0), enabled: id !== null });
}
