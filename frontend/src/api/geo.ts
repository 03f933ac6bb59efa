import { z } from 'zod/mini';
import { ApiError, apiRequest } from '@/lib/api';

/** GET /geo/ip (docs/API.md): the caller's approximate position from the server's IP database. */
const ipLocationSchema = z.object({
  success: z.literal(true),
  location: z.object({ lat: z.number(), lng: z.number(), accuracy_km: z.int() }),
});
export type IpLocation = z.infer<typeof ipLocationSchema>['location'];

/** The position, or null when the server has no database or no answer for this address (404). */
export async function getIpLocation(signal?: AbortSignal): Promise<IpLocation | null> {
  try {
    return (await apiRequest('/geo/ip', ipLocationSchema, { signal, anonymous: true })).location;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
