import { describe, expect, it } from 'vitest';
import { currentAdminTab } from '../AdminTabs';
import { adminStore } from '../testing/console-fixtures';
import { daySpan, formatAuditValue, formatDateTime, isIdText, japanDayEnd, japanDayStart } from './console';
import { draftOf, storeChanges } from './store-edit';
import type { AdminStore } from '../types/console';

const store = adminStore() as AdminStore;

describe('admin console helpers', () => {
  it('marks the tab of a page and of its sub-pages; /admin only for itself', () => {
    expect(currentAdminTab('/admin')).toBe('/admin');
    expect(currentAdminTab('/admin/')).toBe('/admin');
    expect(currentAdminTab('/admin/stores')).toBe('/admin/stores');
    expect(currentAdminTab('/admin/stores/42')).toBe('/admin/stores');
    expect(currentAdminTab('/admin/users/7')).toBe('/admin/users');
    expect(currentAdminTab('/admin/analytics')).toBe('/admin/analytics');
    expect(currentAdminTab('/admin/storesx')).toBeNull();
  });

  it('reads times in Japan time and turns Japan days into instants', () => {
    expect(formatDateTime('2026-11-23T15:30:00Z')).toBe('2026/11/24 00:30');
    expect(formatDateTime(null)).toBe('');
    expect(japanDayStart('2026-11-24')).toBe('2026-11-23T15:00:00Z');
    expect(japanDayEnd('2026-11-24')).toBe('2026-11-24T15:00:00Z');
    expect(japanDayStart('2026-11')).toBeNull();
    expect(daySpan('2026-11-20', '2026-11-22')).toBe(3);
    expect(daySpan('2026-11-22', '2026-11-20')).toBe(-1);
    expect(daySpan('2025-01-01', '2025-12-31')).toBe(365);
  });

  it('accepts only positive whole ids (or nothing) in id filters', () => {
    expect(isIdText('')).toBe(true);
    expect(isIdText('42')).toBe(true);
    expect(isIdText('0')).toBe(false);
    expect(isIdText('4.2')).toBe(false);
    expect(isIdText('-1')).toBe(false);
  });

  it('writes audit values in Japanese', () => {
    expect(formatAuditValue('status', 'hidden')).toBe('非表示');
    // A submission's review in the audit log reads in Japanese, not pending/approved/rejected.
    expect(formatAuditValue('status', 'pending')).toBe('審査中');
    expect(formatAuditValue('status', 'approved')).toBe('承認済み');
    expect(formatAuditValue('status', 'rejected')).toBe('却下');
    expect(formatAuditValue('location_precision', 'municipality')).toBe('市区町村の中心');
    expect(formatAuditValue('packs', null)).toBe('不明');
    expect(formatAuditValue('sells_boxes', false)).toBe('なし');
    expect(formatAuditValue('admin', true)).toBe('はい');
    expect(formatAuditValue('status_note', '')).toBe('（空）');
    expect(formatAuditValue('prefecture', 'osaka')).toBe('大阪府');
    expect(formatAuditValue('store_type', 'card_shop', new Map([['card_shop', { label: 'カードショップ' }]]))).toBe('カードショップ');
    expect(formatAuditValue('unknown_field', { a: 1 })).toBe('a: 1');
  });

  it('the store edit sends only what changed; position only once the pin moved past rounding', () => {
    const draft = draftOf(store);
    expect(storeChanges(store, draft)).toEqual({});
    expect(storeChanges(store, { ...draft, position: { lat: store.lat + 1e-8, lng: store.lng } })).toEqual({});
    expect(storeChanges(store, { ...draft, name: ' 新しい名前 ', address: '', sells: { ...draft.sells, singles: '' } })).toEqual({
      name: '新しい名前',
      address: '',
      sells: { packs: true, boxes: null, singles: null },
    });
    expect(storeChanges(store, { ...draft, position: { lat: 35.1234567, lng: 139.7654321 } })).toEqual({ lat: 35.123457, lng: 139.765432 });
  });
});
