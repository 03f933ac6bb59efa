import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest, envelope } from '@/lib/api';

/** GET /prefectures — regions in display order and the 47 prefectures with store counts. */
export const regionSchema = z.object({
  code: z.string(),
  name: z.string(),
  prefectures: z.array(z.string()),
});
export type Region = z.infer<typeof regionSchema>;

export const prefectureSchema = z.object({
  code: z.string(),
  name: z.string(),
  region: z.string(),
  lat: z.number(),
  lng: z.number(),
  zoom: z.number(),
  store_count: z._default(z.optional(z.int().check(z.nonnegative())), 0),
});
export type Prefecture = z.infer<typeof prefectureSchema>;

export const prefecturesDataSchema = z.object({
  regions: z.array(regionSchema),
  prefectures: z.array(prefectureSchema),
});
export type PrefecturesData = z.infer<typeof prefecturesDataSchema>;

export async function getPrefectures(signal?: AbortSignal): Promise<PrefecturesData> {
  const body = await apiRequest('/prefectures', envelope(prefecturesDataSchema), { signal });
  return body.data;
}

export const prefecturesQueryOptions = () =>
  queryOptions({
    queryKey: ['prefectures'],
    queryFn: ({ signal }) => getPrefectures(signal),
    staleTime: 10 * 60_000,
  });

export function usePrefectures() {
  return useQuery(prefecturesQueryOptions());
}
