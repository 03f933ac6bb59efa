import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest, type QueryValue } from '@/lib/api';
import {
  adminLotterySchema,
  adminPhotoSchema,
  adminProductSchema,
  adminReportSchema,
  adminStoreSchema,
  adminUserSchema,
  auditEntrySchema,
  messageSchema,
  pagedSchema,
  userSubmissionSchema,
} from '../types/console';

/**
 * The one client of the admin console's calls (/api/v1/admin/*): stores,
 * users, purchase reports and the audit log. Every query lives under CONSOLE_KEY so a write
 * refreshes whatever page shows the changed row; a store edit also drops the public store
 * caches so the map of this tab shows the new position.
 */
export const CONSOLE_KEY = ['admin', 'console'] as const;

/** The filters of a list page, as they stand in its URL (empty values are left out). */
export type Filters = Record<string, string>;

function listQuery(filters: Filters, page: number): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  for (const [key, value] of Object.entries(filters)) if (value !== '') query[key] = value;
  if (page > 1) query.page = page;
  return query;
}

const id = (value: number | string) => encodeURIComponent(String(value));

// ---- stores

const storePageSchema = pagedSchema(adminStoreSchema);
const storeDetailSchema = z.object({
  success: z.literal(true),
  store: adminStoreSchema,
  photos: z._default(z.optional(z.array(adminPhotoSchema)), []),
  reports: z._default(z.optional(z.array(adminReportSchema)), []),
  audit: z._default(z.optional(z.array(auditEntrySchema)), []),
});
export type AdminStoreDetail = z.infer<typeof storeDetailSchema>;
const storeWriteSchema = z.extend(messageSchema, { store: z.optional(adminStoreSchema) });

export const adminStoresQuery = (filters: Filters, page: number) =>
  queryOptions({
    queryKey: [...CONSOLE_KEY, 'stores', filters, page],
    queryFn: ({ signal }) => apiRequest('/admin/stores', storePageSchema, { query: listQuery(filters, page), signal }),
    placeholderData: keepPreviousData,
  });

export const adminStoreQuery = (storeId: string) =>
  queryOptions({
    queryKey: [...CONSOLE_KEY, 'store', storeId],
    queryFn: ({ signal }) => apiRequest(`/admin/stores/${id(storeId)}`, storeDetailSchema, { signal }),
  });

/** PUT /admin/stores/{id}: only the fields that changed. */
export interface StoreUpdate {
  name?: string;
  store_type?: string;
  address?: string;
  lat?: number;
  lng?: number;
  sells?: { packs: boolean | null; boxes: boolean | null; singles: boolean | null };
  status?: string;
  status_note?: string;
}

export function updateStore(storeId: number, body: StoreUpdate) {
  return apiRequest(`/admin/stores/${id(storeId)}`, storeWriteSchema, { method: 'PUT', body });
}

/** DELETE /admin/stores/{id}: hides it, or with `hard` removes it (409 when it has reports or submissions). */
export function deleteStore(storeId: number, hard: boolean) {
  return apiRequest(`/admin/stores/${id(storeId)}`, storeWriteSchema, { method: 'DELETE', query: hard ? { hard: 1 } : {} });
}

export function deletePhoto(hash: string, storeId: number) {
  return apiRequest(`/admin/photos/${id(hash)}`, messageSchema, { method: 'DELETE', query: { store_id: storeId } });
}

// ---- users

const userPageSchema = pagedSchema(adminUserSchema);
const userDetailSchema = z.object({
  success: z.literal(true),
  user: adminUserSchema,
  submissions: z._default(z.optional(z.array(userSubmissionSchema)), []),
  reports: z._default(z.optional(z.array(adminReportSchema)), []),
  audit: z._default(z.optional(z.array(auditEntrySchema)), []),
});
export type AdminUserDetail = z.infer<typeof userDetailSchema>;
const userWriteSchema = z.extend(messageSchema, { user: z.optional(adminUserSchema) });

export const adminUsersQuery = (filters: Filters, page: number) =>
  queryOptions({
    queryKey: [...CONSOLE_KEY, 'users', filters, page],
    queryFn: ({ signal }) => apiRequest('/admin/users', userPageSchema, { query: listQuery(filters, page), signal }),
    placeholderData: keepPreviousData,
  });

export const adminUserQuery = (userId: string) =>
  queryOptions({
    queryKey: [...CONSOLE_KEY, 'user', userId],
    queryFn: ({ signal }) => apiRequest(`/admin/users/${id(userId)}`, userDetailSchema, { signal }),
  });

export type UserAction =
  | { kind: 'block'; reason: string; hide_content: boolean }
  | { kind: 'unblock' }
  | { kind: 'grant_admin' }
  | { kind: 'revoke_admin' };

export function runUserAction(userId: number, action: UserAction) {
  const body = action.kind === 'block' ? { reason: action.reason, hide_content: action.hide_content } : action.kind === 'unblock' ? {} : undefined;
  return apiRequest(`/admin/users/${id(userId)}/${action.kind}`, userWriteSchema, { method: 'POST', body });
}

// ---- purchase reports

const reportPageSchema = pagedSchema(adminReportSchema);
const bulkDeleteSchema = z.extend(messageSchema, { deleted: z._default(z.optional(z.number()), 0) });

export const adminReportsQuery = (filters: Filters, page: number) =>
  queryOptions({
    queryKey: [...CONSOLE_KEY, 'reports', filters, page],
    queryFn: ({ signal }) => apiRequest('/admin/purchases', reportPageSchema, { query: listQuery(filters, page), signal }),
    placeholderData: keepPreviousData,
  });

export function deleteReport(reportId: number) {
  return apiRequest(`/admin/purchases/${id(reportId)}`, messageSchema, { method: 'DELETE' });
}

/** How many reports a bulk delete would remove: the list's total for the same user and days. */
export function countReports(filters: Filters) {
  return apiRequest('/admin/purchases', reportPageSchema, { query: listQuery(filters, 1) }).then((page) => page.total);
}

export function bulkDeleteReports(body: { user_id: number; from: string; to: string }) {
  return apiRequest('/admin/purchases/bulk_delete', bulkDeleteSchema, { method: 'POST', body });
}

// ---- audit log

const auditPageSchema = pagedSchema(auditEntrySchema);

export const adminAuditQuery = (filters: Filters, page: number) =>
  queryOptions({
    queryKey: [...CONSOLE_KEY, 'audit', filters, page],
    queryFn: ({ signal }) => apiRequest('/admin/audit', auditPageSchema, { query: listQuery(filters, page), signal }),
    placeholderData: keepPreviousData,
  });

// ---- the product catalogue

const productListSchema = z.object({ success: z.literal(true), products: z.array(adminProductSchema) });
const productWriteSchema = z.extend(messageSchema, { product: z.optional(adminProductSchema) });

export const adminProductsQuery = () =>
  queryOptions({
    queryKey: [...CONSOLE_KEY, 'products'],
    queryFn: ({ signal }) => apiRequest('/admin/products', productListSchema, { signal }),
  });

/** What POST /admin/products and PUT /admin/products/{id} take: every field (a change replaces them all). */
export interface ProductInput {
  name: string;
  kind: string;
  release_date: string;
  official_url: string;
  listed: boolean;
}

export function saveProduct(productId: number | null, body: ProductInput) {
  return productId === null
    ? apiRequest('/admin/products', productWriteSchema, { method: 'POST', body })
    : apiRequest(`/admin/products/${id(productId)}`, productWriteSchema, { method: 'PUT', body });
}

export function deleteProduct(productId: number) {
  return apiRequest(`/admin/products/${id(productId)}`, messageSchema, { method: 'DELETE' });
}

// ---- lottery entries

const lotteryPageSchema = pagedSchema(adminLotterySchema);
const lotteryReviewSchema = z.extend(messageSchema, { lottery: z.optional(z.object({ id: z.number(), status: z.string() })) });

export const adminLotteriesQuery = (filters: Filters, page: number) =>
  queryOptions({
    queryKey: [...CONSOLE_KEY, 'lotteries', filters, page],
    queryFn: ({ signal }) => apiRequest('/admin/lotteries', lotteryPageSchema, { query: listQuery(filters, page), signal }),
    placeholderData: keepPreviousData,
  });

export type LotteryReview = { kind: 'approve' } | { kind: 'reject'; reason: string } | { kind: 'hide' };

export function reviewLottery(lotteryId: number, review: LotteryReview) {
  const body = review.kind === 'reject' ? { reason: review.reason } : undefined;
  return apiRequest(`/admin/lotteries/${id(lotteryId)}/${review.kind}`, lotteryReviewSchema, { method: 'POST', body });
}

// ---- hooks

/**
 * A console write: on success every console query is refetched (and, with `publicStores`,
 * the public map's store caches too, so this tab's map shows the change at once).
 */
export function useConsoleMutation<V, R>(mutationFn: (variables: V) => Promise<R>, { publicStores = false } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      if (publicStores) void queryClient.invalidateQueries({ queryKey: ['stores'] });
      await queryClient.invalidateQueries({ queryKey: CONSOLE_KEY });
    },
  });
}

// ---- reporter standings (confirmations of their reports)

export const reporterStandingSchema = z.object({
  user_id: z.number(),
  reports: z.number(),
  confirmed_reports: z.number(),
  denied_reports: z.number(),
  confirmations: z.number(),
  denials: z.number(),
  trusted: z.boolean(),
  slowed: z.boolean(),
});
export type ReporterStanding = z.infer<typeof reporterStandingSchema>;
const standingsSchema = z.object({ success: z.literal(true), standings: z.array(reporterStandingSchema) });

/** The standings of the listed accounts (a page of the users list, or one user), by id. */
export const reporterStandingsQuery = (userIds: readonly (number | string)[]) =>
  queryOptions({
    queryKey: [...CONSOLE_KEY, 'reporter-standings', userIds.join(',')],
    queryFn: async ({ signal }) => {
      const body = await apiRequest('/admin/reporter_standings', standingsSchema, {
        query: { user_ids: userIds.join(',') },
        signal,
      });
      return new Map(body.standings.map((s) => [String(s.user_id), s]));
    },
    enabled: userIds.length > 0,
  });
