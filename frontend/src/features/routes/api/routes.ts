import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api';
import {
  routeSchema,
  savedRouteSchema,
  savedRouteSummarySchema,
  sharedRouteSchema,
  type ApiRoute,
  type LatLngPoint,
  type SavedRoute,
} from '../types/route';

const routeResponse = z.object({ success: z.literal(true), route: routeSchema });
const savedRouteResponse = z.object({ success: z.literal(true), route: savedRouteSchema });
const sharedRouteResponse = z.object({ success: z.literal(true), route: sharedRouteSchema });
const savedRoutesResponse = z.object({
  success: z.literal(true),
  routes: z.array(savedRouteSummarySchema),
  limit: z.optional(z.number()),
});
const messageResponse = z.object({ success: z.literal(true), message: z.optional(z.string()) });

export interface PlanRequest {
  start: LatLngPoint | null;
  store_ids: number[];
  return_to_start: boolean;
}

/** POST /routes/plan: the stops in a short order, with legs and the total. */
export async function planRoute(body: PlanRequest): Promise<ApiRoute> {
  return (await apiRequest('/routes/plan', routeResponse, { method: 'POST', body })).route;
}

export function usePlanRoute() {
  return useMutation({ mutationFn: planRoute });
}

export interface SavedRouteBody {
  name?: string;
  start?: LatLngPoint | null;
  store_ids?: number[];
  return_to_start?: boolean;
  share?: boolean;
}

const savedRoutesKey = ['saved-routes'] as const;

export const savedRoutesQueryOptions = () =>
  queryOptions({
    queryKey: savedRoutesKey,
    queryFn: async ({ signal }) => (await apiRequest('/saved_routes', savedRoutesResponse, { signal })).routes,
  });

export function useSavedRoutes() {
  return useQuery(savedRoutesQueryOptions());
}

export async function getSavedRoute(id: number, signal?: AbortSignal): Promise<SavedRoute> {
  return (await apiRequest(`/saved_routes/${id}`, savedRouteResponse, { signal })).route;
}

export function useSavedRoute(id: number | null) {
  return useQuery({
    queryKey: [...savedRoutesKey, id],
    queryFn: ({ signal }) => getSavedRoute(id ?? 0, signal),
    enabled: id !== null,
  });
}

export async function getSharedRoute(shareId: string, signal?: AbortSignal) {
  return (await apiRequest(`/shared_routes/${encodeURIComponent(shareId)}`, sharedRouteResponse, { signal, anonymous: true }))
    .route;
}

export function useSharedRoute(shareId: string) {
  return useQuery({ queryKey: ['shared-route', shareId], queryFn: ({ signal }) => getSharedRoute(shareId, signal) });
}

/** POST /saved_routes (no id) or PUT /saved_routes/{id}. */
export async function saveRoute({ id, body }: { id: number | null; body: SavedRouteBody }): Promise<SavedRoute> {
  const path = id === null ? '/saved_routes' : `/saved_routes/${id}`;
  return (await apiRequest(path, savedRouteResponse, { method: id === null ? 'POST' : 'PUT', body })).route;
}

export function useSaveRoute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRoute,
    onSuccess: (route) => {
      queryClient.setQueryData([...savedRoutesKey, route.id], route);
      void queryClient.invalidateQueries({ queryKey: savedRoutesKey, exact: true });
    },
  });
}

export async function deleteRoute(id: number): Promise<void> {
  await apiRequest(`/saved_routes/${id}`, messageResponse, { method: 'DELETE' });
}

export function useDeleteRoute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRoute,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: savedRoutesKey }),
  });
}
