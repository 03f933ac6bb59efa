import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api';
import {
  tripSchema,
  savedTripSchema,
  savedTripSummarySchema,
  sharedTripSchema,
  type ApiTrip,
  type LatLngPoint,
  type SavedTrip,
} from '../types/trip';

const tripResponse = z.object({ success: z.literal(true), route: tripSchema });
const savedTripResponse = z.object({ success: z.literal(true), route: savedTripSchema });
const sharedTripResponse = z.object({ success: z.literal(true), route: sharedTripSchema });
const savedTripsResponse = z.object({
  success: z.literal(true),
  routes: z.array(savedTripSummarySchema),
  limit: z.optional(z.number()),
});
const messageResponse = z.object({ success: z.literal(true), message: z.optional(z.string()) });

export interface PlanRequest {
  start: LatLngPoint | null;
  store_ids: number[];
  return_to_start: boolean;
}

/** POST /routes/plan: the stops in a short order, with legs and the total. */
export async function planTrip(body: PlanRequest): Promise<ApiTrip> {
  return (await apiRequest('/routes/plan', tripResponse, { method: 'POST', body })).route;
}

export function usePlanTrip() {
  return useMutation({ mutationFn: planTrip });
}

export interface SavedTripBody {
  name?: string;
  start?: LatLngPoint | null;
  store_ids?: number[];
  return_to_start?: boolean;
  share?: boolean;
}

const savedTripsKey = ['saved-routes'] as const;

export const savedTripsQueryOptions = () =>
  queryOptions({
    queryKey: savedTripsKey,
    queryFn: async ({ signal }) => (await apiRequest('/saved_routes', savedTripsResponse, { signal })).routes,
  });

export function useSavedTrips() {
  return useQuery(savedTripsQueryOptions());
}

export async function getSavedTrip(id: number, signal?: AbortSignal): Promise<SavedTrip> {
  return (await apiRequest(`/saved_routes/${id}`, savedTripResponse, { signal })).route;
}

export function useSavedTrip(id: number | null) {
  return useQuery({
    queryKey: [...savedTripsKey, id],
    queryFn: ({ signal }) => getSavedTrip(id ?? 0, signal),
    enabled: id !== null,
  });
}

export async function getSharedTrip(shareId: string, signal?: AbortSignal) {
  return (await apiRequest(`/shared_routes/${encodeURIComponent(shareId)}`, sharedTripResponse, { signal, anonymous: true }))
    .route;
}

export function useSharedTrip(shareId: string) {
  return useQuery({ queryKey: ['shared-route', shareId], queryFn: ({ signal }) => getSharedTrip(shareId, signal) });
}

/** POST /saved_routes (no id) or PUT /saved_routes/{id}. */
export async function saveTrip({ id, body }: { id: number | null; body: SavedTripBody }): Promise<SavedTrip> {
  const path = id === null ? '/saved_routes' : `/saved_routes/${id}`;
  return (await apiRequest(path, savedTripResponse, { method: id === null ? 'POST' : 'PUT', body })).route;
}

export function useSaveTrip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTrip,
    onSuccess: (trip) => {
      queryClient.setQueryData([...savedTripsKey, trip.id], trip);
      void queryClient.invalidateQueries({ queryKey: savedTripsKey, exact: true });
    },
  });
}

export async function deleteTrip(id: number): Promise<void> {
  await apiRequest(`/saved_routes/${id}`, messageResponse, { method: 'DELETE' });
}

export function useDeleteTrip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTrip,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: savedTripsKey }),
  });
}
