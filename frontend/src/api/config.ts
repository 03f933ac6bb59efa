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
  /** The type an approved submission gets unless the admin picks another (core's kDefaultStoreType). */
  default_store_type: z.string(),
  /** The limits core enforces, so the forms can say them before sending (the server checks again). */
  limits: z.object({
    max_images_per_submission: z.int(),
    max_photo_bytes: z.int(),
    max_submission_name_chars: z.int(),
    max_submission_address_chars: z.int(),
    max_submission_comment_chars: z.int(),
    max_reject_reason_chars: z.int(),
    max_purchase_text_chars: z.int(),
    max_purchase_age_days: z.int(),
    min_password_chars: z.int(),
    max_nickname_chars: z.int(),
    max_withdrawal_reason_chars: z.int(),
  }),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

export type Limits = SiteConfig['limits'];

export async function getConfig(signal?: AbortSignal): Promise<SiteConfig> {
  const body = await apiRequest('/config', envelope(siteConfigSchema), { signal });
  return body.data;
}

/**
 * The id of the inert JSON script in which the server inlines GET /config's data into the
 * pages it writes (/, /map?prefecture=…, /map?store=…; adapters/http site_pages.hpp), so the
 * first view needs no /config request.
 */
export const INLINE_CONFIG_ID = 'site-config';

function inlineJson(doc: Document): unknown {
  const text = doc.getElementById(INLINE_CONFIG_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The page's inlined GET /config data, or undefined (a page without it, or data that does not fit the schema). */
export function inlineSiteConfig(doc: Document = document): SiteConfig | undefined {
  const parsed = siteConfigSchema.safeParse(inlineJson(doc));
  return parsed.success ? parsed.data : undefined;
}

/**
 * Only whether the page's inlined /config says demo data, for the entry's first-view
 * prefetch: no schema check there, so the request is not held up by the validator's first
 * run (the app validates the same data on its first render).
 */
export function inlineDemoData(doc: Document = document): boolean {
  const json = inlineJson(doc);
  return typeof json === 'object' && json !== null && (json as { demo_data?: unknown }).demo_data === true;
}

export const configQueryOptions = () =>
  queryOptions({
    queryKey: ['config'],
    queryFn: ({ signal }) => getConfig(signal),
    // The page's own copy when the server inlined it: no request (and the same answer).
    initialData: () => inlineSiteConfig(),
    staleTime: Infinity,
  });

export function useConfig() {
  return useQuery(configQueryOptions());
}

/** The form limits of /config; undefined until it has answered. */
export function useLimits(): Limits | undefined {
  return useConfig().data?.limits;
}
