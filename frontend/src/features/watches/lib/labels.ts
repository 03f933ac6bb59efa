import { tw, type WatchMessageKey } from '@/i18n/ja-watches';

const EVENT_LABEL: Record<string, WatchMessageKey | undefined> = {
  bought: 'dialog.eventBought',
  lottery: 'dialog.eventLottery',
};
const PRODUCT_LABEL: Record<string, WatchMessageKey | undefined> = {
  pack: 'dialog.productPack',
  box: 'dialog.productBox',
  single: 'dialog.productSingle',
};

/** The label of an event name the server sent ("bought" → 「購入できた」の報告); the name when unknown. */
export function eventLabel(name: string): string {
  const key = EVENT_LABEL[name];
  return key ? tw(key) : name;
}

/** The label of a product kind ("box" → ボックス); the name when unknown. */
export function productLabel(name: string): string {
  const key = PRODUCT_LABEL[name];
  return key ? tw(key) : name;
}
