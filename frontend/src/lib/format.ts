const numberFormat = new Intl.NumberFormat('ja-JP');

export function formatNumber(n: number): string {
  return numberFormat.format(n);
}

/**
 * Rounds a total down to two significant digits for 「N件以上」: 10,342 → 10,000,
 * 12,890 → 12,000, 153,000 → 150,000. Totals under 100 are kept as they are.
 */
export function floorToRound(n: number): number {
  if (!Number.isFinite(n) || n < 100) return Math.max(0, Math.floor(n || 0));
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.floor(n / unit) * unit;
}

/** Distance for lists: metres under 1 km, else one decimal km. */
export function formatDistanceKm(km: number): { unit: 'm' | 'km'; value: string } {
  if (km < 1) return { unit: 'm', value: String(Math.max(10, Math.round((km * 1000) / 10) * 10)) };
  return { unit: 'km', value: km < 10 ? km.toFixed(1) : String(Math.round(km)) };
}

/** "2026-11-23" → "2026年11月23日" (a calendar date, no time zone involved). */
export function formatIsoDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  return `${m[1]}年${Number(m[2])}月${Number(m[3])}日`;
}
