import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest, envelope, type QueryValue } from '@/lib/api';

/** The lottery calls (docs/API.md "Lotteries") and the product catalogue they name. */

export const LOTTERY_METHODS = ['store', 'web', 'app', 'phone'] as const;
export type LotteryMethod = (typeof LOTTERY_METHODS)[number];
export const LOTTERY_CONDITIONS = ['members_only', 'purchase_history', 'id_check', 'visit_required', 'partner_card', 'other'] as const;
export type LotteryCondition = (typeof LOTTERY_CONDITIONS)[number];

/** The limits the form checks before sending (core's lottery.hpp enforces the same). */
export const MAX_LOTTERY_NOTE_CHARS = 100;
export const MAX_LOTTERY_PRODUCT_NAME_CHARS = 80;
export const LOTTERY_NEAR_RADIUS_KM = 30;

const timeOrNull = z._default(z.nullish(z.string()), null);

export const lotterySchema = z.object({
  id: z.number(),
  store: z.object({ id: z.number(), name: z.string(), prefecture: z.string(), city: z._default(z.optional(z.string()), ''), lat: z.number(), lng: z.number() }),
  product: z.object({ id: z.nullable(z.number()), name: z.string() }),
  methods: z.array(z.string()),
  apply_start: z.string(),
  apply_end: z.string(),
  result_at: timeOrNull,
  purchase_start: timeOrNull,
  purchase_end: timeOrNull,
  conditions: z.array(z.string()),
  condition_note: z._default(z.optional(z.string()), ''),
  source_url: timeOrNull,
  distance_km: z.optional(z.number()),
});
export type Lottery = z.infer<typeof lotterySchema>;

/** The list's filters, as they stand in the page's URL. */
export interface LotteryFilters {
  prefecture: string;
  product_id: string;
  method: string;
  loose: boolean;
  near: { lat: number; lng: number } | null;
}

export function lotteryQuery(filters: LotteryFilters, limit?: number): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  if (filters.prefecture) query.prefecture = filters.prefecture;
  if (filters.product_id) query.product_id = filters.product_id;
  if (filters.method) query.method = filters.method;
  if (filters.loose) query.loose = 1;
  if (filters.near) {
    query.lat = filters.near.lat.toFixed(4);
    query.lng = filters.near.lng.toFixed(4);
    query.radius_km = LOTTERY_NEAR_RADIUS_KM;
  }
  if (limit !== undefined) query.limit = limit;
  return query;
}

async function fetchLotteries(filters: LotteryFilters, limit: number, signal: AbortSignal): Promise<Lottery[]> {
  const body = await apiRequest('/lotteries', envelope(z.array(lotterySchema)), { query: lotteryQuery(filters, limit), signal, anonymous: true });
  return body.data;
}

/** The list keeps showing the last answer while a longer one loads (「もっと見る」, a new filter). */
export const lotteriesQuery = (filters: LotteryFilters, limit: number) =>
  queryOptions({
    queryKey: ['lotteries', lotteryQuery(filters, limit)],
    queryFn: ({ signal }) => fetchLotteries(filters, limit, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** How many of one store's entries its sheet lists (open and upcoming, soonest deadline first). */
export const STORE_LOTTERY_LIMIT = 10;

/** One store's open and upcoming entries, for its sheet. */
export const storeLotteriesQuery = (storeId: number) =>
  queryOptions({
    queryKey: ['lotteries', 'store', storeId],
    queryFn: ({ signal }) =>
      apiRequest('/lotteries', envelope(z.array(lotterySchema)), {
        query: { store_id: storeId, limit: STORE_LOTTERY_LIMIT },
        signal,
        anonymous: true,
      }).then((body) => body.data),
    staleTime: 60_000,
  });

/** What POST /lotteries takes. */
export interface LotteryInput {
  store_id: number;
  product_id: number | null;
  product_name: string;
  methods: LotteryMethod[];
  apply_start: string;
  apply_end: string;
  result_at: string | null;
  purchase_start: string | null;
  purchase_end: string | null;
  conditions: LotteryCondition[];
  condition_note: string;
  source_url: string;
}

const submitSchema = z.object({
  success: z.literal(true),
  message: z._default(z.optional(z.string()), ''),
  lottery: z.object({ id: z.number(), status: z.string() }),
});

export function submitLottery(body: LotteryInput) {
  return apiRequest('/lotteries', submitSchema, { method: 'POST', body });
}
