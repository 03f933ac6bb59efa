import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { storeSchema, storeStatusSchema } from '@/api/store';
import { apiRequest, envelope } from '@/lib/api';

/** StoreDetail of docs/API.md: Store + photos, recent reports, status and activity (issue 9). */
const reportSchema = z.object({
  id: z.union([z.number(), z.string()]),
  kind: z.enum(['bought', 'sold_out']),
  product: z.enum(['pack', 'box', 'single']),
  product_name: z.nullish(z.string()),
  limit_note: z.nullish(z.string()),
  purchased_at: z.string(),
  created_at: z.nullish(z.string()),
});
export type StoreReport = z.infer<typeof reportSchema>;

export const activitySchema = z.object({
  days: z.number(),
  by_weekday: z.array(z.number()),
  by_hour: z.array(z.number()),
});
export type StoreActivity = z.infer<typeof activitySchema>;

export const storeDetailSchema = z.extend(storeSchema, {
  status: storeStatusSchema,
  photos: z._default(z.optional(z.array(z.object({ url: z.string(), thumb_url: z.nullish(z.string()) }))), []),
  recent_reports: z._default(z.optional(z.array(reportSchema)), []),
  activity: z.nullish(activitySchema),
});
export type StoreDetail = z.infer<typeof storeDetailSchema>;

export const storeDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['stores', 'detail', id],
    queryFn: async ({ signal }) =>
      (await apiRequest(`/stores/${encodeURIComponent(id)}`, envelope(storeDetailSchema), { signal })).data,
    staleTime: 30_000,
  });

/** GET /stores/{id}: the sheet's content. */
export function useStoreDetail(id: string) {
  return useQuery(storeDetailQueryOptions(id));
}
