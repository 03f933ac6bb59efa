import L from 'leaflet';
import type { StoreType } from '@/api/initial-data';
import { t } from '@/i18n/ja';
import { formatCompactCount, formatNumber } from '@/lib/format';
import { bubbleSize } from './cluster-layout';
import type { LatestResult } from './latest-result';
import type { LotteryFilter } from '../types/store';

const FALLBACK_COLOR = '#6b7280';
const SAFE_COLOR = /^#[0-9a-fA-F]{3,8}$/;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const storeIcons = new Map<string, L.DivIcon>();

/** The tag under a marker shown under the lottery filter (抽選 / 締切間近), or none. */
export function lotteryTag(lottery: LotteryFilter): string {
  if (!lottery) return '';
  const text = t(lottery === 'closing' ? 'map.lotteryBadgeClosing' : 'map.lotteryBadgeOpen');
  return `<span class="pk-lottery${lottery === 'closing' ? ' pk-lottery-closing' : ''}">${escapeHtml(text)}</span>`;
}

/**
 * A round marker in the store type's colour with its icon. The latest report decides the
 * rest: a recent 購入できた gets the yellow ring and red badge, a recent 売り切れ a grey marker
 * with a grey × badge, anything older nothing. The user's favourites get a ★, the store
 * whose sheet is open a larger outlined marker. Under the lottery filter every marker is a
 * store with an open lottery: it gets the filter's tag (lotteryTag).
 */
export function storeIcon(
  type: StoreType | undefined,
  result: LatestResult,
  favorite = false,
  selected = false,
  lottery: LotteryFilter = '',
): L.DivIcon {
  const key = `${type?.key ?? '?'}|${result}|${favorite}|${selected}|${lottery}`;
  let icon = storeIcons.get(key);
  if (!icon) {
    const color = type && SAFE_COLOR.test(type.color) ? type.color : FALLBACK_COLOR;
    const glyph = escapeHtml(type?.icon || '●');
    icon = L.divIcon({
      className: 'pk-marker-wrap',
      html: `<span class="pk-marker${result === 'bought' ? ' pk-fresh' : result === 'sold_out' ? ' pk-soldout' : ''}${
        selected ? ' pk-selected' : ''
      }" style="--pk-color:${color}"><span class="pk-glyph">${glyph}</span>${
        result === 'bought' ? '<span class="pk-badge" aria-hidden="true"></span>' : ''
      }${result === 'sold_out' ? '<span class="pk-badge pk-badge-soldout" aria-hidden="true">×</span>' : ''}${favorite ? '<span class="pk-fav" aria-hidden="true">★</span>' : ''}${lotteryTag(lottery)}</span>`,
      iconSize: [32, 32],
      iconAnchor: [16, 16],
      popupAnchor: [0, -14],
    });
    storeIcons.set(key, icon);
  }
  return icon;
}

/** A cluster bubble with its count at a glance (1.2k); the size grows with the count. */
export function clusterIcon(count: number): L.DivIcon {
  const size = bubbleSize(count);
  return L.divIcon({
    className: 'pk-cluster-wrap',
    html: `<span class="pk-cluster" style="width:${size}px;height:${size}px" title="${escapeHtml(
      t('map.cluster', { n: formatNumber(count) }),
    )}">${formatCompactCount(count)}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

export const currentLocationIcon = L.divIcon({
  className: 'pk-here-wrap',
  html: '<span class="pk-here"></span>',
  iconSize: [22, 22],
  iconAnchor: [11, 11],
});
