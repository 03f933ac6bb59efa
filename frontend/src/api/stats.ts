import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest, envelope } from '@/lib/api';

/** GET /stats/summary — the home page's data total and recent activity. */
export const statsSummarySchema = z.object({
  store_count: z.int().check(z.nonnegative()),
  prefecture_count: z.optional(z.int().check(z.nonnegative())),
  reports_24h: z.optional(z.int().check(z.nonnegative())),
  reports_7d: z.optional(z.int().check(z.nonnegative())),
  latest_report_at: z.nullish(z.string()),
});
export type StatsSummary = z.infer<typeof statsSummarySchema>;

export async function getStatsSummary(signal?: AbortSignal): Promise<StatsSummary> {
  const body = await apiRequest('/stats/summary', envelope(statsSummarySchema), { signal });
  return body.data;
}

export const statsSummaryQueryOptions = () =>
  queryOptions({ queryKey: ['stats', 'summary'], queryFn: ({ signal }) => getStatsSummary(signal) });

export function useStatsSummary() {
  return useQuery(statsSummaryQueryOptions());
}
