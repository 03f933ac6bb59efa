import type { Precision } from '@/api/stores';
import { t, type MessageKey } from '@/i18n/ja';
import { charLength } from '@/lib/validation';
import type { EditApproval } from '../api/submissions';
import type { SubmissionStatus } from '../types/submission';
import type { LatLng } from '@/lib/geolocation';

export type { LatLng };

/** Decimal places kept for a moved marker (6 ≈ 0.1 m). */
export const COORD_DECIMALS = 6;

export const PRECISION_LABEL: Record<Precision, MessageKey> = {
  exact: 'admin.precision.exact',
  municipality: 'admin.precision.municipality',
  prefecture: 'admin.precision.prefecture',
};

export const STATUS_LABEL: Record<SubmissionStatus, MessageKey> = {
  pending: 'admin.tab.pending',
  approved: 'admin.tab.approved',
  rejected: 'admin.tab.rejected',
};

export const EMPTY_LABEL: Record<SubmissionStatus, MessageKey> = {
  pending: 'admin.empty.pending',
  approved: 'admin.empty.approved',
  rejected: 'admin.empty.rejected',
};

/** Map zoom for a preview: the fuzzier the placement, the wider the view. */
export const PREVIEW_ZOOM: Record<Precision, number> = { exact: 17, municipality: 14, prefecture: 10 };

export function roundCoord(value: number): number {
  return Number(value.toFixed(COORD_DECIMALS));
}

/** "35.689500" → 35.6895; blank, non-numbers and out-of-range values → null. */
export function parseCoord(text: string, limit: 90 | 180): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) && Math.abs(value) <= limit ? value : null;
}

/** True when the marker is somewhere else than the submitted position (after rounding). */
export function isMoved(origin: LatLng, position: LatLng): boolean {
  return roundCoord(origin.lat) !== roundCoord(position.lat) || roundCoord(origin.lng) !== roundCoord(position.lng);
}

/** `max` is /config's `max_submission_name_chars`. */
export function storeNameError(name: string, max: number): string | null {
  const value = name.trim();
  if (!value) return t('admin.nameRequired');
  if (charLength(value) > max) return t('admin.nameTooLong', { max });
  return null;
}

/** `max` is /config's `max_reject_reason_chars`. */
export function rejectReasonError(reason: string, max: number): string | null {
  const length = charLength(reason.trim());
  if (length === 0) return t('admin.reasonRequired');
  if (length > max) return t('admin.reasonTooLong', { n: length, max });
  return null;
}

/**
 * The approve body (docs/API.md): the edited name and store type always; lat/lng only when
 * the marker was moved, because the server then stores the position as exact.
 */
export function approveInput(name: string, storeType: string, origin: LatLng, position: LatLng): EditApproval {
  const input: EditApproval = { name: name.trim(), store_type: storeType };
  if (isMoved(origin, position)) {
    input.lat = roundCoord(position.lat);
    input.lng = roundCoord(position.lng);
  }
  return input;
}
