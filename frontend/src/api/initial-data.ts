import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest, envelope } from '@/lib/api';

/** GET /initial_data — the store types, and the signed-in user (null for guests). */
export const storeTypeSchema = z.object({
  key: z.string(),
  label: z.string(),
  color: z.string(),
  icon: z._default(z.optional(z.string()), ''),
});
export type StoreType = z.infer<typeof storeTypeSchema>;

export const initialDataSchema = z.object({
  user: z.optional(z.nullable(z.unknown())),
  store_types: z.array(storeTypeSchema),
});
export type InitialData = z.infer<typeof initialDataSchema>;

export async function getInitialData(signal?: AbortSignal): Promise<InitialData> {
  const body = await apiRequest('/initial_data', envelope(initialDataSchema), { signal });
  return body.data;
}

export const initialDataQueryOptions = () =>
  queryOptions({
    queryKey: ['initial-data'],
    queryFn: ({ signal }) => getInitialData(signal),
    staleTime: 10 * 60_000,
  });

export function useInitialData() {
  return useQuery(initialDataQueryOptions());
}

/** Store types by key, for marker colours and labels. */
export function useStoreTypes(): Map<string, StoreType> {
  const { data } = useInitialData();
  const map = new Map<string, StoreType>();
  for (const type of data?.store_types ?? []) map.set(type.key, type);
  return map;
}
