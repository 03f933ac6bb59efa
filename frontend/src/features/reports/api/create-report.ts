import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api';
import type { buildReportBody } from '../lib/report-form';

const createReportResponseSchema = z.object({ success: z.literal(true), message: z.optional(z.string()) });

/** POST /purchases. */
export async function createReport(body: ReturnType<typeof buildReportBody>): Promise<{ message?: string }> {
  return apiRequest('/purchases', createReportResponseSchema, { method: 'POST', body });
}

/**
 * On success the store's 最終報告 (the map's store queries), the timeline and the home
 * page's report counts are stale: refetch them.
 */
export function useCreateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReport,
    // Not awaited: the toast and closing need not wait for the refetches.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['stores'] });
      void queryClient.invalidateQueries({ queryKey: ['purchases'] });
      void queryClient.invalidateQueries({ queryKey: ['stats'] });
    },
  });
}
