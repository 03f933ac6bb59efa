import { z } from 'zod/mini';
import { photoSchema, storeSchema } from '@/api/stores';
import { SUBMISSION_STATUSES } from './submission';

/**
 * The admin console's shapes (docs/API.md: AdminStore, AdminPhoto, AdminReport,
 * AdminUser, AuditEntry). Only the fields the pages read are validated; fields the server
 * may leave out are defaulted so an older or leaner answer still renders.
 */

export const STORE_STATUSES = ['active', 'hidden', 'closed'] as const;
export type AdminStoreStatus = (typeof STORE_STATUSES)[number];
export const STORE_SOURCES = ['demo', 'import', 'submission'] as const;
export type StoreSource = (typeof STORE_SOURCES)[number];
export const REPORT_KINDS = ['bought', 'sold_out'] as const;
export const REPORT_PRODUCTS = ['pack', 'box', 'single'] as const;
export const AUDIT_TARGET_TYPES = ['store', 'user', 'submission', 'purchase', 'photo', 'product', 'lottery'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];
export const AUDIT_ACTIONS = [
  'submission.approve',
  'submission.reject',
  'submission.merge',
  'store.update',
  'store.hide',
  'store.delete',
  'photo.delete',
  'purchase.delete',
  'purchase.bulk_delete',
  'user.block',
  'user.unblock',
  'user.grant_admin',
  'user.revoke_admin',
  'product.create',
  'product.update',
  'product.delete',
  'lottery.approve',
  'lottery.reject',
  'lottery.hide',
] as const;

export const LOTTERY_STATUSES = ['pending', 'approved', 'rejected', 'hidden'] as const;

/** A lottery entry as the review tab shows it (docs/API.md: AdminLottery). */
export const adminLotterySchema = z.object({
  id: z.number(),
  store: z.object({ id: z.number(), name: z.string(), prefecture: z.string() }),
  product: z.object({ id: z.nullable(z.number()), name: z.string() }),
  methods: z.array(z.string()),
  apply_start: z.string(),
  apply_end: z.string(),
  conditions: z.array(z.string()),
  condition_note: z._default(z.optional(z.string()), ''),
  source_url: z._default(z.nullish(z.string()), null),
  status: z.enum(LOTTERY_STATUSES),
  author_id: z._default(z.nullish(z.number()), null),
  reject_reason: z._default(z.optional(z.string()), ''),
});
export type AdminLottery = z.infer<typeof adminLotterySchema>;

export const PRODUCT_KINDS = ['pack', 'box', 'other'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** A catalogue product as the admin list shows it (docs/API.md: AdminProduct). */
export const adminProductSchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(PRODUCT_KINDS),
  release_date: z.string(),
  official_url: z._default(z.nullish(z.string()), null),
  demo: z._default(z.optional(z.boolean()), false),
  listed: z._default(z.optional(z.boolean()), true),
  updated_at: z.nullish(z.string()),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

const count = z._default(z.optional(z.number()), 0);

export const adminStoreSchema = z.extend(storeSchema, {
  status: z.enum(STORE_STATUSES),
  status_note: z._default(z.nullish(z.string()), ''),
  source: z.string(),
  external_id: z.nullish(z.string()),
  admin_edited: z._default(z.optional(z.array(z.string())), []),
  created_at: z.nullish(z.string()),
  updated_at: z.nullish(z.string()),
  report_count: count,
  photo_count: count,
});
export type AdminStore = z.infer<typeof adminStoreSchema>;

export const adminPhotoSchema = z.extend(photoSchema, {
  hash: z.string(),
  submission_id: z.nullish(z.number()),
});
export type AdminPhoto = z.infer<typeof adminPhotoSchema>;

export const adminReportSchema = z.object({
  id: z.number(),
  store: z.object({ id: z.number(), name: z.string(), prefecture: z.nullish(z.string()) }),
  user: z.nullable(z.object({ id: z.number(), nickname: z.string() })),
  kind: z.enum(REPORT_KINDS),
  product: z.string(),
  product_name: z.nullish(z.string()),
  limit_note: z.nullish(z.string()),
  purchased_at: z.string(),
  created_at: z.string(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

export const adminUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  nickname: z.string(),
  prefecture: z.nullish(z.string()),
  admin: z.boolean(),
  blocked: z.boolean(),
  blocked_reason: z._default(z.nullish(z.string()), ''),
  email_verified: z._default(z.optional(z.boolean()), false),
  withdrawn: z._default(z.optional(z.boolean()), false),
  created_at: z.string(),
  last_login_at: z.nullish(z.string()),
  points: count,
  submission_count: count,
  report_count: count,
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.nullable(z.object({ id: z.number(), nickname: z.string() })),
  action: z.string(),
  target_type: z.string(),
  target_id: z.union([z.string(), z.number()]),
  /** `{field: {before, after}}`, read by auditChanges() (lib/console.ts; no z.record: it would grow the shared zod chunk). */
  changes: z.optional(z.unknown()),
  note: z._default(z.nullish(z.string()), ''),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const userSubmissionSchema = z.object({
  id: z.number(),
  name: z.string(),
  status: z.enum(SUBMISSION_STATUSES),
  created_at: z.string(),
  reviewed_at: z.nullish(z.string()),
});
export type UserSubmission = z.infer<typeof userSubmissionSchema>;

/** `{success, data, total, page, page_size}` around one item schema. */
export function pagedSchema<T extends z.ZodMiniType>(item: T) {
  return z.object({
    success: z.literal(true),
    data: z.array(item),
    total: z.int(),
    page: z._default(z.optional(z.int()), 1),
    page_size: z._default(z.optional(z.int()), 50),
  });
}
export interface Paged<T> {
  data: T[];
  total: number;
  /** More matched than the server counts (the store search stops at 100,000): `total` is that cap. */
  total_capped?: boolean;
  page: number;
  page_size: number;
}

/** A write's answer: the server's Japanese message (and the changed row, when there is one). */
export const messageSchema = z.object({ success: z.literal(true), message: z._default(z.optional(z.string()), '') });
