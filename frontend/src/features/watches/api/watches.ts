import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api';
import { messageSchema } from '@/lib/auth-schemas';
import { useAuth } from '@/stores/auth-store';

/**
 * Area watches (docs/API.md "Area watches"): the profile lists them, the map's
 * このエリアを通知 adds one, the mail's link turns them off. Under ['me', …]: the signed-in
 * user's, dropped when that changes.
 */
export const WATCH_EVENTS = ['bought', 'lottery'] as const;
export const WATCH_PRODUCT_KINDS = ['pack', 'box', 'single'] as const;
/** The radius choices (the server takes any whole 1–20 km: MIN/MAX below). */
export const WATCH_RADII_KM = [1, 3, 5, 10, 20] as const;
export const MIN_WATCH_RADIUS_KM = 1;
export const MAX_WATCH_RADIUS_KM = 20;
/** The server's kMaxWatchesPerUser (GET /watches also says it: max_watches). */
export const MAX_WATCHES = 5;

export const watchSchema = z.object({
  id: z.number(),
  prefecture: z.nullable(z.string()),
  lat: z.nullable(z.number()),
  lng: z.nullable(z.number()),
  radius_km: z.nullable(z.number()),
  product_kinds: z.array(z.string()),
  product_id: z.nullable(z.number()),
  events: z.array(z.string()),
  active: z.boolean(),
  created_at: z.string(),
});
export type Watch = z.infer<typeof watchSchema>;

const quietSchema = z.object({ start_hour: z.number(), end_hour: z.number() });
export type QuietHours = z.infer<typeof quietSchema>;

const watchesResponseSchema = z.object({
  success: z.literal(true),
  watches: z.array(watchSchema),
  quiet_hours: quietSchema,
  max_watches: z.number(),
});
export type WatchesResponse = z.infer<typeof watchesResponseSchema>;
const watchResponseSchema = z.object({ success: z.literal(true), watch: watchSchema });
const quietResponseSchema = z.object({ success: z.literal(true), quiet_hours: quietSchema });

/** What POST /watches and PUT /watches/{id} take: a prefecture, or a point with a radius. */
export interface WatchInput {
  prefecture?: string;
  lat?: number;
  lng?: number;
  radius_km?: number;
  product_kinds: string[];
  product_id?: number | null;
  events: string[];
  active?: boolean;
}

/** The fields of an existing watch as an input (to change one of them). */
export function inputOf(w: Watch): WatchInput {
  const area =
    w.prefecture !== null
      ? { prefecture: w.prefecture }
      : { lat: w.lat ?? undefined, lng: w.lng ?? undefined, radius_km: w.radius_km ?? undefined };
  return { ...area, product_kinds: w.product_kinds, product_id: w.product_id, events: w.events, active: w.active };
}

export const WATCHES_QUERY_KEY = ['me', 'watches'] as const;

export function useWatches() {
  const { isAuthenticated } = useAuth();
  return useQuery({
    queryKey: WATCHES_QUERY_KEY,
    queryFn: ({ signal }) => apiRequest('/watches', watchesResponseSchema, { signal }),
    enabled: isAuthenticated,
    staleTime: 30_000,
  });
}

function useWatchMutation<V, R>(fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WATCHES_QUERY_KEY }),
  });
}

export function useCreateWatch() {
  return useWatchMutation((input: WatchInput) =>
    apiRequest('/watches', watchResponseSchema, { method: 'POST', body: input }),
  );
}

export function useUpdateWatch() {
  return useWatchMutation(({ id, input }: { id: number; input: WatchInput }) =>
    apiRequest(`/watches/${id}`, watchResponseSchema, { method: 'PUT', body: input }),
  );
}

export function useDeleteWatch() {
  return useWatchMutation((id: number) => apiRequest(`/watches/${id}`, messageSchema, { method: 'DELETE' }));
}

export function useSetQuietHours() {
  return useWatchMutation((quiet: QuietHours) =>
    apiRequest('/watch_settings', quietResponseSchema, { method: 'PUT', body: quiet }),
  );
}

/** POST /watches/off?token=: the alert mail's one-click link; no login needed. */
export function useWatchOff() {
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest('/watches/off', messageSchema, { method: 'POST', query: { token }, anonymous: true }),
  });
}
