import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api';
import { useAuth } from '@/stores/auth-store';

/** One device that receives notifications (GET /push/subscriptions). */
const deviceSchema = z.object({
  id: z.number(),
  label: z.string(),
  /** The push service's host ("fcm.googleapis.com"); the endpoint itself stays on the server. */
  service: z.string(),
  created_at: z.string(),
  last_used_at: z.nullable(z.string()),
});
export type PushDevice = z.infer<typeof deviceSchema>;

const devicesSchema = z.object({ success: z.literal(true), subscriptions: z.array(deviceSchema) });
const deviceEnvelopeSchema = z.object({ success: z.literal(true), subscription: deviceSchema });
const okSchema = z.object({ success: z.literal(true) });
const publicKeySchema = z.object({ success: z.literal(true), public_key: z.string() });
const channelsSchema = z.object({ push: z.boolean(), mail: z.boolean() });
export type AlertChannels = z.infer<typeof channelsSchema>;
const settingsSchema = z.object({ success: z.literal(true), settings: channelsSchema });

export const pushDevicesQueryOptions = () =>
  queryOptions({
    queryKey: ['me', 'push', 'devices'],
    queryFn: async ({ signal }) => (await apiRequest('/push/subscriptions', devicesSchema, { signal })).subscriptions,
  });

export const alertChannelsQueryOptions = () =>
  queryOptions({
    queryKey: ['me', 'push', 'settings'],
    queryFn: async ({ signal }) => (await apiRequest('/push/settings', settingsSchema, { signal })).settings,
  });

export function usePushDevices() {
  const { isAuthenticated } = useAuth();
  return useQuery({ ...pushDevicesQueryOptions(), enabled: isAuthenticated });
}

export function useAlertChannels() {
  const { isAuthenticated } = useAuth();
  return useQuery({ ...alertChannelsQueryOptions(), enabled: isAuthenticated });
}

/** GET /push/public_key: the server's VAPID key, the browser's applicationServerKey. */
export async function fetchPushPublicKey(): Promise<string> {
  return (await apiRequest('/push/public_key', publicKeySchema, { anonymous: true })).public_key;
}

export interface SubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  label: string;
}

/** POST /push/subscriptions: PushSubscription.toJSON() and the device's name. */
export async function saveSubscription(input: SubscriptionInput): Promise<PushDevice> {
  return (await apiRequest('/push/subscriptions', deviceEnvelopeSchema, { method: 'POST', body: input })).subscription;
}

export function useRemoveDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/push/subscriptions/${id}`, okSchema, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pushDevicesQueryOptions().queryKey }),
  });
}

export function useTestDevice() {
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/push/subscriptions/${id}/test`, okSchema, { method: 'POST' }),
  });
}

export function useSaveChannels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (channels: Partial<AlertChannels>) =>
      (await apiRequest('/push/settings', settingsSchema, { method: 'PUT', body: channels })).settings,
    onSuccess: (settings) => queryClient.setQueryData(alertChannelsQueryOptions().queryKey, settings),
  });
}
