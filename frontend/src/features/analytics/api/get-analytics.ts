import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api';

/** GET /admin/analytics?from&to (docs/API.md "Analytics"). */
const daySchema = z.object({
  date: z.string(),
  page_views: z.int(),
  visitors: z.int(),
  bot_views: z.int(),
  signups: z.int(),
  submissions: z.int(),
  approvals: z.int(),
  rejections: z.int(),
  purchase_reports: z.int(),
});
export type AnalyticsDay = z.infer<typeof daySchema>;

const prefectureCountSchema = z.object({ prefecture: z.string(), name: z.string(), count: z.int() });
export type PrefectureCount = z.infer<typeof prefectureCountSchema>;

export const analyticsSchema = z.object({
  success: z.literal(true),
  from: z.string(),
  to: z.string(),
  days: z.array(daySchema),
  top_pages: z.array(z.object({ path: z.string(), views: z.int() })),
  top_prefectures_by_reports: z.array(prefectureCountSchema),
  top_prefectures_by_views: z.array(prefectureCountSchema),
  stores_by_type: z.array(z.object({ store_type: z.string(), count: z.int() })),
  stores_by_source: z.array(z.object({ source: z.string(), count: z.int() })),
  queue: z.object({ pending: z.int(), oldest_at: z.nullable(z.string()) }),
});
export type Analytics = z.infer<typeof analyticsSchema>;

export async function getAnalytics(from: string, to: string, signal?: AbortSignal): Promise<Analytics> {
  return apiRequest('/admin/analytics', analyticsSchema, { query: { from, to }, signal });
}

export const analyticsQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: ['admin', 'analytics', from, to],
    queryFn: ({ signal }) => getAnalytics(from, to, signal),
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });

export function useAnalytics(from: string, to: string) {
  return useQuery(analyticsQueryOptions(from, to));
}
