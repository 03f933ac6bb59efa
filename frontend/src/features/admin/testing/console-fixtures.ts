import { jsonResponse } from '@/testing/test-utils';

/** Answers in docs/API.md's admin shapes for the admin console's tests. */

export const storeTypes = [
  { key: 'card_shop', label: 'カードショップ', color: '#e53935', icon: '🃏' },
  { key: 'convenience', label: 'コンビニ', color: '#1e88e5', icon: '🏪' },
];
export const initialData = () => jsonResponse({ success: true, data: { user: null, store_types: storeTypes } });

export const paged = (data: unknown[], total = data.length, page = 1) =>
  jsonResponse({ success: true, data, total, page, page_size: 50 });

/** The error envelope the server sends (docs/API.md): `{success: false, error: message, code}`. */
export const refusal = (status: number, code: string, message: string) => jsonResponse({ success: false, error: message, code }, { status });

export function adminStore(overrides: Record<string, unknown> = {}) {
  return {
    id: 42,
    name: 'カードラボ 新宿店',
    store_type: 'card_shop',
    prefecture: 'tokyo',
    prefecture_name: '東京都',
    city: '新宿区',
    address: '東京都新宿区西新宿1-1-1',
    lat: 35.6896,
    lng: 139.6998,
    location_precision: 'exact',
    sells: { packs: true, boxes: null, singles: false },
    last_report_at: '2026-11-22T03:00:00Z',
    last_report_kind: 'bought',
    status: 'active',
    status_note: '',
    source: 'import',
    external_id: 'osm:node/123',
    admin_edited: [],
    created_at: '2026-10-01T00:00:00Z',
    updated_at: '2026-11-20T01:30:00Z',
    report_count: 3,
    photo_count: 1,
    ...overrides,
  };
}

export function adminReport(overrides: Record<string, unknown> = {}) {
  return {
    id: 501,
    store: { id: 42, name: 'カードラボ 新宿店', prefecture: 'tokyo' },
    user: { id: 7, nickname: 'サトシ' },
    kind: 'bought',
    product: 'pack',
    product_name: 'テラスタルフェスex',
    limit_note: '1人5パックまで',
    purchased_at: '2026-11-22T03:00:00Z',
    created_at: '2026-11-22T03:05:00Z',
    ...overrides,
  };
}

export function adminUser(overrides: Record<string, unknown> = {}) {
  return {
    id: 7,
    email: 'satoshi@example.com',
    nickname: 'サトシ',
    prefecture: '東京都',
    admin: false,
    blocked: false,
    blocked_reason: '',
    email_verified: true,
    withdrawn: false,
    created_at: '2026-09-01T00:00:00Z',
    last_login_at: '2026-11-23T09:00:00Z',
    points: 25,
    submission_count: 2,
    report_count: 5,
    ...overrides,
  };
}

export function auditEntry(overrides: Record<string, unknown> = {}) {
  return {
    id: 900,
    at: '2026-11-23T10:00:00Z',
    actor: { id: 1, nickname: 'カンリ' },
    action: 'store.update',
    target_type: 'store',
    target_id: '42',
    changes: { name: { before: 'カードラボ新宿', after: 'カードラボ 新宿店' }, status: { before: 'active', after: 'closed' } },
    note: '',
    ...overrides,
  };
}
