import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api';

/** 総合 (all time) or 今月 (the current calendar month in Asia/Tokyo, by approval time). */
export type RankingPeriod = 'all' | 'month';

/** docs/API.md RankingEntry: SPEC §3's fields plus points (PRODUCT §5). */
export const rankingEntrySchema = z.object({
  rank: z.int(),
  nickname: z.string(),
  prefecture: z.nullish(z.string()),
  approved_submissions_count: z.int(),
  points: z.int(),
});
export type RankingEntry = z.infer<typeof rankingEntrySchema>;

const rankingResponseSchema = z.object({
  success: z.literal(true),
  period: z.optional(z.enum(['all', 'month'])),
  ranking: z.array(rankingEntrySchema),
});

/** GET /users/ranking?period= (SPEC §7). */
export async function getRanking(period: RankingPeriod, signal?: AbortSignal): Promise<RankingEntry[]> {
  const body = await apiRequest('/users/ranking', rankingResponseSchema, { query: { period }, signal });
  return body.ranking;
}

export const rankingQueryOptions = (period: RankingPeriod) =>
  queryOptions({
    queryKey: ['ranking', period],
    queryFn: ({ signal }) => getRanking(period, signal),
    staleTime: 60_000,
  });

/** Loads on open (SPEC §2 Shell, ranking dialog). */
export function useRanking(period: RankingPeriod, { enabled }: { enabled: boolean }) {
  return useQuery({ ...rankingQueryOptions(period), enabled });
}
