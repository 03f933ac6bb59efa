import { z } from 'zod/mini';

export type StopStatus = 'active' | 'hidden' | 'closed';
export type TravelMode = 'walk' | 'car';

/** A stop as the trip bar keeps it (a store from the map, or from a saved trip). */
export interface TripStop {
  id: number;
  name: string;
  lat: number;
  lng: number;
  store_type: string;
  address: string;
  status: StopStatus;
}

export interface LatLngPoint {
  lat: number;
  lng: number;
}

/** Where the trip starts: nowhere in particular, the current position, or one of its stops. */
export type TripStart =
  | { kind: 'none' }
  | { kind: 'current'; point: LatLngPoint }
  /** A point saved with the trip (where its owner started). */
  | { kind: 'point'; point: LatLngPoint }
  | { kind: 'store'; storeId: number };

/** Anything store-like that can be added: the map's Store, a favourite, a search result. */
export interface StoreLike {
  id: number | string;
  name: string;
  lat: number;
  lng: number;
  store_type: string;
  address?: string | null;
  prefecture_name?: string | null;
  city?: string | null;
  status?: StopStatus | string | null;
}

const pointSchema = z.object({ lat: z.number(), lng: z.number() });

export const tripStopSchema = z.object({
  store_id: z.number(),
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  status: z.enum(['active', 'hidden', 'closed']),
  address: z.string(),
  store_type: z.string(),
  leg_m: z.number(),
});
export type ApiTripStop = z.infer<typeof tripStopSchema>;

/** docs/API.md Trip. */
export const tripSchema = z.object({
  start: z.nullable(pointSchema),
  return_to_start: z.boolean(),
  stops: z.array(tripStopSchema),
  total_m: z.number(),
  return_leg_m: z.number(),
});
export type ApiTrip = z.infer<typeof tripSchema>;

export const savedTripSchema = z.extend(tripSchema, {
  id: z.number(),
  name: z.string(),
  share: z.boolean(),
  share_id: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SavedTrip = z.infer<typeof savedTripSchema>;

export const savedTripSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  stop_count: z.number(),
  store_ids: z.array(z.number()),
  total_m: z.number(),
  share: z.boolean(),
  share_id: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SavedTripSummary = z.infer<typeof savedTripSummarySchema>;

export const sharedTripSchema = z.extend(tripSchema, { name: z.string(), updated_at: z.string() });
export type SharedRoute = z.infer<typeof sharedTripSchema>;
