import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { confirmationSchema, type Confirmation, type ConfirmationAnswer } from '@/api/confirmations';
import { apiRequest } from '@/lib/api';

const answeredSchema = z.object({ success: z.literal(true), confirmation: confirmationSchema });

/** PUT /purchases/{id}/confirmation: the report's counts after the answer. */
export async function putConfirmation(reportId: number, answer: ConfirmationAnswer): Promise<Confirmation> {
  const body = await apiRequest(`/purchases/${reportId}/confirmation`, answeredSchema, {
    method: 'PUT',
    body: { answer },
  });
  return body.confirmation;
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
