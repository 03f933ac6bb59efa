/** A map view: centre [lat, lng] and zoom. */
export interface MapView {
  center: [number, number];
  zoom: number;
}

/**
 * Each prefecture's map view: centre on its main populated part, zoom that fits it on a
 * phone. The same values GET /prefectures serves (core/src/shared/prefectures.cpp, i.e.
 * data/prefectures.tsv rounded to 2 decimals; prefecture-views.test.ts keeps them in
 * step). Static, so /map?prefecture=CODE opens at its view without waiting for the API.
 */
const VIEWS: Readonly<Record<string, readonly [lat: number, lng: number, zoom: number]>> = {
  hokkaido: [43.28, 142.2, 6],
  aomori: [40.79, 140.89, 8],
  iwate: [39.65, 141.43, 8],
  miyagi: [38.33, 140.95, 8],
  akita: [39.81, 140.29, 8],
  yamagata: [38.47, 140.18, 9],
  fukushima: [37.39, 140.34, 8],
  ibaraki: [36.21, 140.27, 8],
  tochigi: [36.57, 139.92, 9],
  gunma: [36.39, 139.06, 8],
  saitama: [35.98, 139.47, 9],
  chiba: [35.57, 140.21, 8],
  tokyo: [35.69, 139.64, 10],
  kanagawa: [35.36, 139.33, 9],
  niigata: [37.54, 138.92, 8],
  toyama: [36.76, 137.22, 9],
  ishikawa: [36.82, 136.74, 9],
  fukui: [35.85, 136.11, 9],
  yamanashi: [35.58, 138.68, 9],
  nagano: [36.11, 138.07, 8],
  gifu: [35.5, 136.91, 8],
  shizuoka: [34.93, 138.54, 8],
  aichi: [35.07, 137.02, 8],
  mie: [34.58, 136.49, 8],
  shiga: [35.14, 136.14, 9],
  kyoto: [35.06, 135.61, 8],
  osaka: [34.62, 135.51, 10],
  hyogo: [34.91, 134.89, 8],
  nara: [34.47, 135.82, 9],
  wakayama: [33.94, 135.42, 9],
  tottori: [35.41, 133.73, 8],
  shimane: [35.02, 132.5, 8],
  okayama: [34.82, 133.86, 9],
  hiroshima: [34.46, 132.75, 8],
  yamaguchi: [34.08, 131.7, 8],
  tokushima: [33.99, 134.38, 9],
  kagawa: [34.29, 133.95, 9],
  ehime: [33.64, 132.8, 8],
  kochi: [33.41, 133.47, 8],
  fukuoka: [33.57, 130.66, 8],
  saga: [33.27, 130.18, 9],
  nagasaki: [32.98, 129.9, 9],
  kumamoto: [32.66, 130.76, 8],
  oita: [33.3, 131.49, 8],
  miyazaki: [32.18, 131.32, 8],
  kagoshima: [31.61, 130.61, 9],
  okinawa: [26.38, 127.85, 9],
};

/** The view for a prefecture code (lowercase romaji), or undefined for an unknown code. */
export function prefectureView(code: string | null | undefined): MapView | undefined {
  if (!code || !Object.hasOwn(VIEWS, code)) return undefined;
  const [lat, lng, zoom] = VIEWS[code]!;
  return { center: [lat, lng], zoom };
}
