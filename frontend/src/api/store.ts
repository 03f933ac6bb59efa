import { z } from 'zod/mini';
import { paths } from '@/config/paths';

/** Store as in docs/API.md (the map, the store sheet, favourites and search share it). */
export const storeSchema = z.object({
  id: z.union([z.number(), z.string()]),
  name: z.string(),
  store_type: z.string(),
  prefecture: z.string(),
  prefecture_name: z.nullish(z.string()),
  city: z.nullish(z.string()),
  address: z.nullish(z.string()),
  lat: z.number(),
  lng: z.number(),
  location_precision: z.nullish(z.enum(['exact', 'municipality', 'prefecture'])),
  sells: z.nullish(
    z.object({
      packs: z.nullish(z.boolean()),
      boxes: z.nullish(z.boolean()),
      singles: z.nullish(z.boolean()),
    }),
  ),
  last_report_at: z.nullish(z.string()),
  last_report_kind: z.nullish(z.enum(['bought', 'sold_out'])),
  distance_km: z.optional(z.number()),
});
export type Store = z.infer<typeof storeSchema>;

/** Issue 9: a store an admin removed keeps its favourites but shows as 閉店・非表示. */
export const storeStatusSchema = z._default(z.optional(z.enum(['active', 'hidden', 'closed'])), 'active');
export type StoreStatus = z.infer<typeof storeStatusSchema>;

export function isRemoved(status: StoreStatus | undefined): boolean {
  return status === 'hidden' || status === 'closed';
}

/** The URL of a store: the map centred on it with its sheet open (docs/DECISIONS.md, issue 9). */
export function storeUrl(id: Store['id'], origin: string = window.location.origin): string {
  return origin + paths.map.getHref({ store: id });
}
