import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { storeSchema } from '@/api/stores';
import { STORE_SEARCH_LIMIT } from '@/config/constants';
import { apiRequest } from '@/lib/api';
import type { SearchView } from '../lib/search-view';

/** GET /stores/search: stores by name (kana/kanji/romaji variants) and places (市区町村). */
export const placeSchema = z.object({
  name: z.string(),
  prefecture: z.nullish(z.string()),
  prefecture_name: z.nullish(z.string()),
  lat: z.number(),
  lng: z.number(),
});
export type Place = z.infer<typeof placeSchema>;

const searchResponseSchema = z.object({
  success: z.literal(true),
  stores: z._default(z.optional(z.array(storeSchema)), []),
  places: z._default(z.optional(z.array(placeSchema)), []),
});
export type SearchResult = z.infer<typeof searchResponseSchema>;

/** `near`: where the user is looking; the server ranks the stores by distance from it. */
export function useStoreSearch(query: string, near: SearchView | null = null) {
  return useQuery({
    queryKey: ['stores', 'search', query, near?.lat ?? null, near?.lng ?? null],
    queryFn: ({ signal }) =>
      apiRequest('/stores/search', searchResponseSchema, {
        query: { q: query, limit: STORE_SEARCH_LIMIT, ...(near ? { lat: near.lat, lng: near.lng } : {}) },
        signal,
      }),
    enabled: query.length > 0,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
