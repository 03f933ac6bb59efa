import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api';

const adminCheckSchema = z.object({ success: z.literal(true), admin: z.boolean() });

/** GET /admin/check (SPEC §7): true for admins; 403 forbidden for everyone else. */
export async function checkAdmin(signal?: AbortSignal): Promise<boolean> {
  const body = await apiRequest('/admin/check', adminCheckSchema, { signal });
  return body.admin;
}
