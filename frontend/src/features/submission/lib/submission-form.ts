import { t } from '@/i18n/ja';
import { GeolocationFailure } from '@/lib/geolocation';

/** SPEC §3 "Modal state" and §5's rules, as pure functions the modal and its tests share. */

export type LocationMethod = 'gps' | 'address';

export interface SubmissionInput {
  storeName: string;
  method: LocationMethod;
  latitude: number;
  longitude: number;
  address: string;
  comment: string;
  images: readonly File[];
}

/** SPEC §5: a non-blank name; gps: latitude and longitude both non-zero; address: non-blank. */
/** SPEC: a GPS position is sent only when neither coordinate is 0 (0 is what a failed fix reports). */
export function isUsableGpsPosition(latitude: number, longitude: number): boolean {
  return latitude !== 0 && longitude !== 0;
}

export function isSubmissionValid(input: Omit<SubmissionInput, 'images' | 'comment'>): boolean {
  if (!input.storeName.trim()) return false;
  if (input.method === 'gps') return isUsableGpsPosition(input.latitude, input.longitude);
  return input.address.trim() !== '';
}

/** The multipart body of POST /store_submissions, with SPEC §7's field names. */
export function buildSubmissionFormData(input: SubmissionInput): FormData {
  const data = new FormData();
  data.append('store_submission[store_name]', input.storeName.trim());
  if (input.method === 'gps') {
    data.append('store_submission[latitude]', String(input.latitude));
    data.append('store_submission[longitude]', String(input.longitude));
  } else {
    data.append('store_submission[address]', input.address.trim());
  }
  const comment = input.comment.trim();
  if (comment) data.append('store_submission[comment]', comment);
  for (const file of input.images) data.append('store_submission[images][]', file, file.name);
  return data;
}

/** HEIC/HEIF: browsers cannot draw them, so they get no preview (SPEC §2); the server converts them. */
export function isHeic(file: File): boolean {
  return /^image\/hei[cf]/i.test(file.type) || /\.(heic|heif)$/i.test(file.name);
}

/** SPEC §5: any image type, plus HEIC/HEIF (which some browsers report with an empty type). */
export function isAcceptedImage(file: File): boolean {
  return file.type.startsWith('image/') || isHeic(file);
}

/** Bytes as whole MiB, as the server's messages count them (10485760 → 10). */
export function megabytes(bytes: number): number {
  return Math.floor(bytes / (1024 * 1024));
}

/** SPEC §8 "Geolocation in the modal": one message per GeolocationPositionError code. */
export function modalGeolocationMessage(error: unknown): string {
  const code = error instanceof GeolocationFailure ? error.code : 0;
  switch (code) {
    case -1:
      return t('geo.unsupported');
    case 1:
      return t('submission.geo.permissionDenied');
    case 2:
      return t('submission.geo.unavailable');
    case 3:
      return t('submission.geo.timeout');
    default:
      return t('submission.geo.unknown');
  }
}
