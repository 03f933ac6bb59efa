import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { TIMELINE_LIMIT } from '@/config/constants';
import { apiRequest, envelope } from '@/lib/api';
import { saleTermsShape } from '@/lib/sale-terms';

/** GET /purchases/timeline — newest purchase reports first (SPEC §3, PRODUCT §2). */
export const timelineItemSchema = z.object({
  id: z.union([z.number(), z.string()]),
  store: z.object({
    id: z.optional(z.union([z.number(), z.string()])),
    name: z.string(),
    prefecture: z.nullish(z.string()),
    prefecture_code: z.nullish(z.string()),
    city: z.nullish(z.string()),
  }),
  purchased_at: z.string(),
  created_at: z.nullish(z.string()),
  kind: z.nullish(z.enum(['bought', 'sold_out'])),
  product: z.nullish(z.enum(['pack', 'box', 'single'])),
  product_name: z.nullish(z.string()),
  limit_note: z.nullish(z.string()),
  ...saleTermsShape,
});
export type TimelineItem = z.infer<typeof timelineItemSchema>;

export async function getTimeline(limit = TIMELINE_LIMIT, signal?: AbortSignal): Promise<TimelineItem[]> {
  const body = await apiRequest('/purchases/timeline', envelope(z.array(timelineItemSchema)), {
    query: { limit },
    signal,
    anonymous: true, // SPEC §7: sent without the auth client
  });
  return body.data;
}

export const timelineQueryOptions = (limit = TIMELINE_LIMIT) =>
  queryOptions({
    queryKey: ['purchases', 'timeline', limit],
    queryFn: ({ signal }) => getTimeline(limit, signal),
    staleTime: 30_000,
  });

export function useTimeline({ enabled }: { enabled: boolean }) {
  return useQuery({ ...timelineQueryOptions(), enabled });
}
