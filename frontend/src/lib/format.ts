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

/**
 * A count that reads at a glance on a map bubble: 999 → "999", 1,234 → "1.2k",
 * 12,345 → "12k", 1,234,567 → "1.2M". Rounded down, so a bubble never overstates.
 */
export function formatCompactCount(n: number): string {
  const whole = Math.max(0, Math.floor(n || 0));
  const compact = (value: number, unit: string) => {
    const text = value < 10 ? (Math.floor(value * 10) / 10).toFixed(1).replace(/\.0$/, '') : String(Math.floor(value));
    return `${text}${unit}`;
  };
  if (whole < 1_000) return String(whole);
  if (whole < 1_000_000) return compact(whole / 1_000, 'k');
  return compact(whole / 1_000_000, 'M');
}

/** "2026-11-23" → "2026年11月23日" (a calendar date, no time zone involved). */
export function formatIsoDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  return `${m[1]}年${Number(m[2])}月${Number(m[3])}日`;
}
