import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api';
import { useAuth } from '@/stores/auth-store';

/**
 * Confirmations of purchase reports (docs/API.md "Confirmations"): other signed-in users
 * answer a report of the last 24 hours with まだ買えた (still) or 売り切れだった (gone). The
 * store sheet shows the counts with the buttons, the timeline the counts alone.
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
const answeredSchema = z.object({ success: z.literal(true), confirmation: confirmationSchema });

export async function getConfirmations(ids: readonly number[], signal?: AbortSignal): Promise<Confirmation[]> {
  const body = await apiRequest('/purchases/confirmations', listSchema, {
    query: { report_ids: ids.slice(0, MAX_CONFIRMATION_IDS).join(',') },
    signal,
  });
  return body.confirmations;
}

export async function putConfirmation(reportId: number, answer: ConfirmationAnswer): Promise<Confirmation> {
  const body = await apiRequest(`/purchases/${reportId}/confirmation`, answeredSchema, {
    method: 'PUT',
    body: { answer },
  });
  return body.confirmation;
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

/** Answers a report, then refreshes the counts and the store (its status follows the answer). */
export function useAnswerConfirmation(storeId: number | string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, answer }: { reportId: number; answer: ConfirmationAnswer }) =>
      putConfirmation(reportId, answer),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['confirmations'] });
      void queryClient.invalidateQueries({ queryKey: ['stores'] });
      void queryClient.invalidateQueries({ queryKey: ['purchases', 'timeline'] });
      void queryClient.invalidateQueries({ queryKey: ['stores', 'detail', String(storeId)] });
    },
  });
}
