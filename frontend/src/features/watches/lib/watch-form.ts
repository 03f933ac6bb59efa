import { PREFECTURE_CODES } from '@/lib/prefecture-codes';
import { prefectureView } from '@/lib/prefecture-views';
import type { WatchInput } from '../api/watches';
import type { MapCentre } from './map-centre';

/** What the このエリアを通知 form holds. */
export interface WatchFormState {
  area: 'point' | 'prefecture';
  radiusKm: number;
  prefecture: string;
  events: string[];
  productKinds: string[];
}

/** The prefecture whose map view is centred nearest to `at` (a first guess the user can change). */
export function nearestPrefecture(at: MapCentre | null): string {
  if (!at) return '';
  let best = '';
  let bestDistance = Infinity;
  for (const code of Object.values(PREFECTURE_CODES)) {
    const view = prefectureView(code);
    if (!view) continue;
    const d = (view.center[0] - at.lat) ** 2 + ((view.center[1] - at.lng) * Math.cos((at.lat * Math.PI) / 180)) ** 2;
    if (d < bestDistance) {
      bestDistance = d;
      best = code;
    }
  }
  return best;
}

/** Coordinates sent for a point watch are rounded to 5 decimals (~1 m). */
const round = (v: number) => Math.round(v * 1e5) / 1e5;

/** The request body, or null when the form cannot be sent yet (no centre, no prefecture, no event). */
export function watchInputOf(form: WatchFormState, centre: MapCentre | null): WatchInput | null {
  if (form.events.length === 0) return null;
  const common = { events: form.events, product_kinds: form.productKinds };
  if (form.area === 'prefecture') return form.prefecture ? { prefecture: form.prefecture, ...common } : null;
  if (!centre) return null;
  return { lat: round(centre.lat), lng: round(centre.lng), radius_km: form.radiusKm, ...common };
}
