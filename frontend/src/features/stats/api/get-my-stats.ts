import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api';
import { useAuth } from '@/stores/auth-store';

/** GET /users/stats: the signed-in user's numbers and a 12-month series (Japan time). */
const count = z._default(z.optional(z.number()), 0);
export const monthSchema = z.object({ month: z.string(), points: count, reports: count });
export type MonthStats = z.infer<typeof monthSchema>;

export const myStatsSchema = z.object({
  submissions: z.object({ pending: count, approved: count, rejected: count }),
  points: z.object({ all: count, month: count }),
  rank: z.object({ all: z.nullish(z.number()), month: z.nullish(z.number()) }),
  purchase_reports: count,
  favorites: count,
  monthly: z.array(monthSchema),
});
export type MyStats = z.infer<typeof myStatsSchema>;

const responseSchema = z.object({ success: z.literal(true), stats: myStatsSchema });

export function useMyStats() {
  const { isAuthenticated } = useAuth();
  return useQuery({
    queryKey: ['me', 'stats'],
    queryFn: async ({ signal }) => (await apiRequest('/users/stats', responseSchema, { signal })).stats,
    enabled: isAuthenticated,
    staleTime: 0,
  });
}

/** Nothing posted yet: no submissions, no purchase reports, no points. */
export function hasNoPosts(stats: MyStats): boolean {
  const { pending, approved, rejected } = stats.submissions;
  return pending + approved + rejected === 0 && stats.purchase_reports === 0 && stats.points.all === 0;
}
