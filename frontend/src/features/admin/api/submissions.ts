import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api';
import { ADMIN_PAGE_SIZE } from '../config';
import { storeSchema } from '@/api/stores';
import { adminSubmissionSchema, type SubmissionStatus } from '../types/submission';

/** Every query of the moderation queue lives under this key, so one invalidation refreshes all tabs. */
const SUBMISSIONS_KEY = ['admin', 'submissions'] as const;

const submissionListSchema = z.object({
  success: z.literal(true),
  data: z.array(adminSubmissionSchema),
  total: z.int(),
});
export type SubmissionPage = z.infer<typeof submissionListSchema>;

/** GET /admin/submissions?status=&limit=&offset= — pending oldest first, the others newest reviewed first. */
export async function getSubmissions(status: SubmissionStatus, page: number, signal?: AbortSignal): Promise<SubmissionPage> {
  return apiRequest('/admin/submissions', submissionListSchema, {
    query: { status, limit: ADMIN_PAGE_SIZE, offset: page * ADMIN_PAGE_SIZE },
    signal,
  });
}

export const submissionsQueryOptions = (status: SubmissionStatus, page: number) =>
  queryOptions({
    queryKey: [...SUBMISSIONS_KEY, status, page],
    queryFn: ({ signal }) => getSubmissions(status, page, signal),
    staleTime: 0,
    // Paging within a tab keeps the old page on screen while the next loads; a new tab starts empty.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === status ? previous : undefined),
  });

export function useSubmissions(status: SubmissionStatus, page: number) {
  return useQuery(submissionsQueryOptions(status, page));
}

/** The approve body: name and type always; lat/lng only for a moved marker; or a merge alone. */
export interface EditApproval {
  name: string;
  store_type: string;
  lat?: number;
  lng?: number;
}
export type ApproveInput = EditApproval | { merge_into_store_id: number };

const reviewResultSchema = z.object({
  success: z.literal(true),
  message: z._default(z.optional(z.string()), ''),
  submission: z.object({ id: z.number(), status: z.string() }),
  store: z.optional(storeSchema),
});
export type ReviewResult = z.infer<typeof reviewResultSchema>;

/** POST /admin/submissions/{id}/approve */
export async function approveSubmission(id: number, input: ApproveInput): Promise<ReviewResult> {
  return apiRequest(`/admin/submissions/${id}/approve`, reviewResultSchema, { method: 'POST', body: input });
}

/** POST /admin/submissions/{id}/reject {reason} */
export async function rejectSubmission(id: number, reason: string): Promise<ReviewResult> {
  return apiRequest(`/admin/submissions/${id}/reject`, reviewResultSchema, { method: 'POST', body: { reason } });
}

export type ReviewAction = { kind: 'approve'; input: ApproveInput } | { kind: 'reject'; reason: string };

/**
 * Approve or reject. The handlers run before the list is refetched (the card may be gone
 * afterwards); whatever the outcome every tab is refetched (a 409 means the list was
 * stale), and the mutation stays pending until that is done so no button can be pressed twice.
 */
export function useReviewSubmission(
  id: number,
  handlers: { onSuccess: (result: ReviewResult) => void; onError: (error: Error) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: ReviewAction) =>
      action.kind === 'approve' ? approveSubmission(id, action.input) : rejectSubmission(id, action.reason),
    onSuccess: handlers.onSuccess,
    onError: handlers.onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SUBMISSIONS_KEY }),
  });
}
