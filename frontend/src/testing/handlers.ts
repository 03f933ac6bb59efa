import { http, HttpResponse, type JsonBodyType } from 'msw';
import { prefecturesFixture } from './fixtures';

/**
 * The API as the tests' fake server answers it unless a test says otherwise
 * (`server.use(...)` in the test): the public reads every page makes, answered with the
 * fixtures; any other API path is a 404. A request outside the API fails the test (setup.ts).
 */

/** Full URL pattern of an API path ('/stores' → '*\/api/v1/stores'). */
export const api = (path: string) => `*/api/v1${path}`;

/** `{success: true, data}` as the server wraps every read. */
export const ok = (data: JsonBodyType, extra: Record<string, JsonBodyType> = {}) =>
  HttpResponse.json({ success: true, data, ...extra });

/** The error envelope of docs/API.md. */
export const fail = (status: number, code: string, error: string, extra: Record<string, JsonBodyType> = {}) =>
  HttpResponse.json({ success: false, error, code, ...extra }, { status });

/** What GET /config serves by default (apps/server's defaults, with the limits from core). */
export const configFixture = {
  tile_url: 'https://tiles.invalid/{z}/{x}/{y}.png',
  tile_attribution: 'test',
  tile_max_zoom: 18,
  contact_url: null,
  analytics_id: null,
  demo_data: false,
  default_store_type: 'other',
  limits: {
    max_images_per_submission: 3,
    max_photo_bytes: 10 * 1024 * 1024,
    max_submission_name_chars: 100,
    max_submission_address_chars: 200,
    max_submission_comment_chars: 1000,
    max_reject_reason_chars: 500,
    max_purchase_text_chars: 100,
    max_purchase_age_days: 30,
    min_password_chars: 6,
    max_nickname_chars: 20,
    max_withdrawal_reason_chars: 1000,
  },
};

export const handlers = [
  http.get(api('/config'), () => ok(configFixture)),
  http.get(api('/initial_data'), () => ok({ user: null, store_types: [] })),
  http.get(api('/prefectures'), () => ok(prefecturesFixture)),
  http.get(api('/stores'), () => ok([], { truncated: false })),
  http.get(api('/stores/clusters'), () => ok({ clusters: [], stores: [] })),
  // Like the real server: an API path nobody answers is a 404 with the error envelope.
  http.all(api('/*'), () => fail(404, 'not_found', '見つかりません')),
];
