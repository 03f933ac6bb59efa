import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { UPLOAD_TIMEOUT_MS } from '@/config/constants';
import { apiRequest } from '@/lib/api';

/** 201 `{success, message, submission}`; only the message is read (SPEC §7). */
const createSubmissionResponseSchema = z.object({
  success: z.literal(true),
  message: z.optional(z.string()),
});

/** POST /store_submissions, multipart, with the upload timeout (photos take longer than JSON). */
export async function createSubmission(body: FormData): Promise<{ message?: string }> {
  return apiRequest('/store_submissions', createSubmissionResponseSchema, {
    method: 'POST',
    body,
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });
}

export function useCreateSubmission() {
  return useMutation({ mutationFn: createSubmission });
}
