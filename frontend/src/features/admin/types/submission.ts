import { z } from 'zod/mini';
import { photoSchema, precisionSchema, storeSchema } from '@/api/stores';

/**
 * The moderation shapes of docs/API.md "Contributions". Only the fields this
 * feature reads are validated; anything else the server adds is ignored.
 */
export const SUBMISSION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export const duplicateSchema = z.object({ store: storeSchema, distance_m: z.number() });
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
