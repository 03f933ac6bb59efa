import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api';

/** SPEC §3 Ranking entry: rank, nickname, prefecture (optional), approved_submissions_count. */
export const rankingEntrySchema = z.object({
  rank: z.int(),
  nickname: z.string(),
  prefecture: z.optional(z.nullable(z.string())),
  approved_submissions_count: z._default(z.optional(z.int()), 0),
  /** Points (1 per post, 5 with images, SPEC §9) when the server sends them. */
  points: z.optional(z.nullable(z.int())),
});
export type RankingEntry = z.infer<typeof rankingEntrySchema>;

const rankingResponseSchema = z.object({ success: z.literal(true), ranking: z.array(rankingEntrySchema) });

/** GET /users/ranking (SPEC §7) — the endpoint arrives with the submissions issue. */
export async function getRanking(signal?: AbortSignal): Promise<RankingEntry[]> {
  const body = await apiRequest('/users/ranking', rankingResponseSchema, { signal });
  return body.ranking;
}

export const rankingQueryOptions = () =>
  queryOptions({ queryKey: ['ranking'], queryFn: ({ signal }) => getRanking(signal), staleTime: 60_000 });

/** Loads on open (SPEC §2 Shell, ranking dialog). */
export function useRanking({ enabled }: { enabled: boolean }) {
  return useQuery({ ...rankingQueryOptions(), enabled });
}
