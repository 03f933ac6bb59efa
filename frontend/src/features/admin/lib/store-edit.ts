import type { StoreUpdate } from '../api/console';
import type { AdminStore } from '../types/console';
import { isMoved, roundCoord, type LatLng } from './review';

/** A tri-state "sells" value as a select holds it: '' unknown, 'yes', 'no'. */
export type Tri = '' | 'yes' | 'no';
export const SELLS_KEYS = ['packs', 'boxes', 'singles'] as const;
export type SellsKey = (typeof SELLS_KEYS)[number];

export function toTri(value: boolean | null | undefined): Tri {
  return value === true ? 'yes' : value === false ? 'no' : '';
}

function fromTri(value: Tri): boolean | null {
  return value === 'yes' ? true : value === 'no' ? false : null;
}

/** What the edit form holds. */
export interface StoreDraft {
  name: string;
  store_type: string;
  address: string;
  sells: Record<SellsKey, Tri>;
  status: string;
  status_note: string;
  position: LatLng;
}

export function draftOf(store: AdminStore): StoreDraft {
  return {
    name: store.name,
    store_type: store.store_type,
    address: store.address ?? '',
    sells: { packs: toTri(store.sells?.packs), boxes: toTri(store.sells?.boxes), singles: toTri(store.sells?.singles) },
    status: store.status,
    status_note: store.status_note ?? '',
    position: { lat: store.lat, lng: store.lng },
  };
}

/**
 * The PUT body: only what differs from the store as loaded (so the audit row and
 * `admin_edited` name exactly the fields the admin changed). Position only when the pin
 * moved (after rounding to 6 decimals); the three sells values go together.
 */
export function storeChanges(store: AdminStore, draft: StoreDraft): StoreUpdate {
  const before = draftOf(store);
  const body: StoreUpdate = {};
  const name = draft.name.trim();
  if (name !== before.name) body.name = name;
  if (draft.store_type !== before.store_type) body.store_type = draft.store_type;
  const address = draft.address.trim();
  if (address !== before.address) body.address = address;
  if (SELLS_KEYS.some((key) => draft.sells[key] !== before.sells[key])) {
    body.sells = { packs: fromTri(draft.sells.packs), boxes: fromTri(draft.sells.boxes), singles: fromTri(draft.sells.singles) };
  }
  if (draft.status !== before.status) body.status = draft.status;
  const note = draft.status_note.trim();
  if (note !== before.status_note) body.status_note = note;
  if (isMoved(before.position, draft.position)) {
    body.lat = roundCoord(draft.position.lat);
    body.lng = roundCoord(draft.position.lng);
  }
  return body;
}
