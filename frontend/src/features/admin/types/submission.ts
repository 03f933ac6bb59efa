import { z } from 'zod/mini';

/**
 * The moderation shapes of docs/API.md "Contributions (issue 4)". Only the fields this
 * feature reads are validated; anything else the server adds is ignored.
 */
export const SUBMISSION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export const precisionSchema = z.enum(['exact', 'municipality', 'prefecture']);
export type Precision = z.infer<typeof precisionSchema>;

export const photoSchema = z.object({
  url: z.string(),
  thumb_url: z.string(),
  width: z.optional(z.number()),
  height: z.optional(z.number()),
});
export type Photo = z.infer<typeof photoSchema>;

/** A store as the admin sees it on a duplicate hint or the map preview. */
export const adminStoreSchema = z.object({
  id: z.number(),
  name: z.string(),
  store_type: z.string(),
  prefecture_name: z.nullish(z.string()),
  city: z.nullish(z.string()),
  address: z.nullish(z.string()),
  lat: z.number(),
  lng: z.number(),
});
export type AdminStore = z.infer<typeof adminStoreSchema>;

export const duplicateSchema = z.object({ store: adminStoreSchema, distance_m: z.number() });
export type Duplicate = z.infer<typeof duplicateSchema>;

export const adminSubmissionSchema = z.object({
  id: z.number(),
  status: z.enum(SUBMISSION_STATUSES),
  store_name: z.string(),
  comment: z.nullish(z.string()),
  address: z.nullish(z.string()),
  location_method: z.enum(['gps', 'address']),
  lat: z.number(),
  lng: z.number(),
  location_precision: precisionSchema,
  prefecture: z.nullish(z.string()),
  prefecture_name: z.nullish(z.string()),
  city: z.nullish(z.string()),
  photos: z._default(z.optional(z.array(photoSchema)), []),
  points_awarded: z._default(z.optional(z.number()), 0),
  store_id: z.nullish(z.number()),
  reject_reason: z.nullish(z.string()),
  created_at: z.string(),
  reviewed_at: z.nullish(z.string()),
  user: z.nullish(z.object({ id: z.number(), nickname: z.string(), prefecture: z.nullish(z.string()) })),
  duplicates: z._default(z.optional(z.array(duplicateSchema)), []),
  /** The store type the name suggests (core's suggest_store_type): the review form's default. */
  suggested_store_type: z.optional(z.string()),
});
export type AdminSubmission = z.infer<typeof adminSubmissionSchema>;
