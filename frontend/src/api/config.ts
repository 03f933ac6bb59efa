import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest, envelope } from '@/lib/api';

/** GET /config — shared by the shell (contact link, demo notice) and the map (tiles). */
export const siteConfigSchema = z.object({
  tile_url: z.string(),
  tile_attribution: z.string(),
  tile_max_zoom: z._default(z.optional(z.int()), 18),
  contact_url: z.nullish(z.string()),
  analytics_id: z.nullish(z.string()),
  demo_data: z._default(z.optional(z.boolean()), false),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

/** Used when /config cannot be read: the GSI standard map (PRODUCT §6). */
export const DEFAULT_TILES = {
  tile_url: 'https://cyberjapandata.gsi.go.jp/xyz/std/{z}/{x}/{y}.png',
  tile_attribution:
    '<a href="https://maps.gsi.go.jp/development/ichiran.html" target="_blank" rel="noopener">地理院タイル</a>',
  tile_max_zoom: 18,
} as const;

export async function getConfig(signal?: AbortSignal): Promise<SiteConfig> {
  const body = await apiRequest('/config', envelope(siteConfigSchema), { signal });
  return body.data;
}

export const configQueryOptions = () =>
  queryOptions({ queryKey: ['config'], queryFn: ({ signal }) => getConfig(signal), staleTime: Infinity });

export function useConfig() {
  return useQuery(configQueryOptions());
}
