import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api';
import { useAuth } from '@/stores/auth-store';

/**
 * Confirmations of purchase reports (docs/API.md "Confirmations"): other signed-in users
 * answer a report of the last 24 hours with まだ買えた (still) or 売り切れだった (gone). The
 * store sheet shows the counts with the buttons, the timeline the counts alone. Answering
 * lives with the store sheet (features/store-sheet/api): the timeline is on the entry's
 * path and must not pull the mutation code (the lazy `common` chunk) into it.
 */
export const confirmationSchema = z.object({
  report_id: z.number(),
  still: z.number(),
  gone: z.number(),
  latest_at: z.nullable(z.string()),
  mine: z.nullable(z.enum(['still', 'gone'])),
  outdated: z.boolean(),
  reporter_trusted: z.boolean(),
  answerable: z.boolean(),
  own: z.boolean(),
});
export type Confirmation = z.infer<typeof confirmationSchema>;
export type ConfirmationAnswer = 'still' | 'gone';

/** The server reads at most this many reports at once (kMaxTalliedReports). */
export const MAX_CONFIRMATION_IDS = 50;

const listSchema = z.object({ success: z.literal(true), confirmations: z.array(confirmationSchema) });

export async function getConfirmations(ids: readonly number[], signal?: AbortSignal): Promise<Confirmation[]> {
  const body = await apiRequest('/purchases/confirmations', listSchema, {
    query: { report_ids: ids.slice(0, MAX_CONFIRMATION_IDS).join(',') },
    signal,
  });
  return body.confirmations;
}

/** Counts by report id for the listed reports (one request for a list; none when empty). */
export function useConfirmations(ids: readonly number[]) {
  const { user } = useAuth();
  return useQuery({
    // The viewer's own answers are in the answer: a different user is a different query.
    queryKey: ['confirmations', user?.id ?? null, ids.join(',')],
    queryFn: async ({ signal }) => {
      const list = await getConfirmations(ids, signal);
      return new Map(list.map((c) => [c.report_id, c]));
    },
    enabled: ids.length > 0,
    staleTime: 30_000,
  });
}
