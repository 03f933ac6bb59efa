import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api';
import { useAuth } from '@/stores/auth-store';

/** GET /users/stats: the signed-in user's numbers and a 12-month series (Japan time). */
const count = z._default(z.optional(z.number()), 0);
export const monthSchema = z.object({ month: z.string(), points: count, reports: count });
export type MonthStats = z.infer<typeof monthSchema>;

export const ownSubmissionSchema = z.object({
  id: z.number(),
  store_name: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  created_at: z.string(),
  reviewed_at: z.nullish(z.string()),
  reject_reason: z.nullish(z.string()),
  points: count,
  store_id: z.nullish(z.number()),
});
export type OwnSubmission = z.infer<typeof ownSubmissionSchema>;

export const myStatsSchema = z.object({
  submissions: z.object({ pending: count, approved: count, rejected: count }),
  points: z.object({ all: count, month: count }),
  rank: z.object({ all: z.nullish(z.number()), month: z.nullish(z.number()) }),
  purchase_reports: count,
  favorites: count,
  monthly: z.array(monthSchema),
  /** My own submissions, newest first, with their state and a rejection's reason. */
  submissions_list: z._default(z.optional(z.array(ownSubmissionSchema)), []),
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
