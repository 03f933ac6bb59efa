import type { ReactNode } from 'react';
import type { StoreType } from '@/api/initial-data';
import { directionsUrl, RECENT_REPORT_HOURS } from '@/config/constants';
import { t, type MessageKey } from '@/i18n/ja';
import { isWithinHours, lastReportText } from '@/lib/relative-time';
import type { Store } from '@/api/stores';
import styles from './StorePopupContent.module.css';

const SELLS: Array<['packs' | 'boxes' | 'singles', MessageKey]> = [
  ['packs', 'product.pack'],
  ['boxes', 'product.box'],
  ['singles', 'product.single'],
];

/**
 * Popup: name, type, address, last report, directions, and 報告する when the page passes
 * `onReport` (the report form is another feature: the route wires it in) (PRODUCT §6).
 */
export function StorePopupContent({
  store,
  type,
  onReport,
  extraActions,
}: {
  store: Store;
  type: StoreType | undefined;
  onReport?: (store: Store) => void;
  /** More buttons from other features, wired by the page (e.g. ルートに追加). */
  extraActions?: ReactNode;
}) {
  const fresh = isWithinHours(store.last_report_at, RECENT_REPORT_HOURS);
  const address = store.address || [store.prefecture_name, store.city].filter(Boolean).join('');
  const sells = SELLS.filter(([key]) => store.sells?.[key] === true).map(([, label]) => t(label));
  return (
    <div className={styles.popup} data-testid="store-popup">
      <p className={styles.type} style={{ ['--pk-color' as string]: type?.color ?? '#6b7280' }}>
        <span aria-hidden="true">{type?.icon}</span> {type?.label ?? store.store_type}
      </p>
      <h2 className={styles.name}>{store.name}</h2>
      {address && <p className={styles.address}>{address}</p>}
      {store.location_precision && store.location_precision !== 'exact' && (
        <p className={styles.note}>{t('map.precisionApprox')}</p>
      )}
      {sells.length > 0 && (
        <p className={styles.sells}>
          {t('map.sellsList', { items: sells.join(t('map.separator')) })}
        </p>
      )}
      <p className={fresh ? styles.statusFresh : styles.status} data-testid="store-popup-status">
        {lastReportText(store)}
      </p>
      <div className={styles.actions}>
        {onReport && (
          <button type="button" className={styles.reportButton} onClick={() => onReport(store)} data-testid="store-popup-report">
            {t('report.open')}
          </button>
        )}
        {extraActions}
        <a className={styles.directions} href={directionsUrl(store.lat, store.lng)} target="_blank" rel="noopener noreferrer">
          {t('map.directions')}
        </a>
      </div>
    </div>
  );
}
