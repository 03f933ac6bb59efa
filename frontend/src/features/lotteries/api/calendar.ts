import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api';

/** The lottery calendar's settings (docs/API.md "Lotteries": /users/calendar). */

export const calendarSettingsSchema = z.object({
  feed_active: z.boolean(),
  feed_created_at: z.nullable(z.string()),
  prefectures: z.array(z.string()),
  max_prefectures: z.number(),
  max_entries: z.number(),
});
export type CalendarSettings = z.infer<typeof calendarSettingsSchema>;

const settingsEnvelope = z.object({ success: z.literal(true), calendar: calendarSettingsSchema });
const issuedEnvelope = z.object({ success: z.literal(true), feed_path: z.string(), feed_created_at: z.string() });
const messageEnvelope = z.object({ success: z.literal(true) });

/** Queries under ['me', …] belong to the signed-in user and are dropped when that changes. */
export const calendarQueryOptions = () =>
  queryOptions({
    queryKey: ['me', 'calendar'],
    queryFn: async ({ signal }) => (await apiRequest('/users/calendar', settingsEnvelope, { signal })).calendar,
  });

export function useCalendarSettings() {
  return useQuery(calendarQueryOptions());
}

/** PUT /users/calendar {prefectures}: replaces the chosen prefectures. */
export function useSaveCalendarPrefectures() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (prefectures: string[]) =>
      (await apiRequest('/users/calendar', settingsEnvelope, { method: 'PUT', body: { prefectures } })).calendar,
    onSuccess: (settings) => client.setQueryData(calendarQueryOptions().queryKey, settings),
  });
}

/** POST /users/calendar/token: a new feed URL (the old one stops); the path is shown only now. */
export function useIssueCalendarToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/users/calendar/token', issuedEnvelope, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: calendarQueryOptions().queryKey }),
  });
}

/** DELETE /users/calendar/token: stops the feed URL. */
export function useRevokeCalendarToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/users/calendar/token', messageEnvelope, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: calendarQueryOptions().queryKey }),
  });
}

/** The feed's two links: https (or the site's own scheme) to copy, and webcal:// to subscribe. */
export function calendarLinks(feedPath: string, origin: string = window.location.origin) {
  const https = new URL(feedPath, origin).toString();
  return { https, webcal: https.replace(/^https?:/, 'webcal:') };
}
