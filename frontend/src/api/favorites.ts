import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api';
import { messageSchema } from '@/lib/auth-schemas';
import { useAuth } from '@/stores/auth-store';
import { storeSchema, storeStatusSchema, type Store } from './stores';

/**
 * Favourite stores (docs/API.md "Favourites"): the /favorites page lists them, the
 * store sheet's ★ toggles one, the map marks them. Queries under ['me', …] belong to the
 * signed-in user and are dropped when that changes.
 */
export const favoriteSchema = z.object({
  store: z.extend(storeSchema, { status: storeStatusSchema }),
  created_at: z.string(),
});
export type Favorite = z.infer<typeof favoriteSchema>;

const favoritesResponseSchema = z.object({ success: z.literal(true), favorites: z.array(favoriteSchema) });
const favoriteAddedSchema = z.object({
  success: z.literal(true),
  favorite: z.object({ store_id: z.union([z.number(), z.string()]), created_at: z.string() }),
});

export const FAVORITES_QUERY_KEY = ['me', 'favorites'] as const;

export function useFavorites() {
  const { isAuthenticated } = useAuth();
  return useQuery({
    queryKey: FAVORITES_QUERY_KEY,
    queryFn: async ({ signal }) => (await apiRequest('/favorites', favoritesResponseSchema, { signal })).favorites,
    enabled: isAuthenticated,
    staleTime: 30_000,
  });
}

/** The ids (as strings) of the signed-in user's favourite stores; empty for a guest. */
export function useFavoriteIds(): ReadonlySet<string> {
  const { data } = useFavorites();
  return useMemo(() => new Set((data ?? []).map((f) => String(f.store.id))), [data]);
}

export async function addFavorite(storeId: Store['id']) {
  return apiRequest('/favorites', favoriteAddedSchema, { method: 'POST', body: { store_id: Number(storeId) } });
}

export async function removeFavorite(storeId: Store['id']) {
  return apiRequest(`/favorites/${encodeURIComponent(String(storeId))}`, messageSchema, { method: 'DELETE' });
}

/** ★: adds or removes one favourite, then refreshes the list and the user's stats. */
export function useSetFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ store, favorite }: { store: Store; favorite: boolean }) => {
      if (favorite) await addFavorite(store.id);
      else await removeFavorite(store.id);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: FAVORITES_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: ['me', 'stats'] });
    },
  });
}
