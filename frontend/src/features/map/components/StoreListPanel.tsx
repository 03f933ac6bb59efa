import type { ReactNode } from 'react';
import type { StoreType } from '@/api/initial-data';
import { Spinner } from '@/components/ui/Spinner';
import { t } from '@/i18n/ja';
import { formatDistanceKm, formatNumber } from '@/lib/format';
import { formatRelativeTime } from '@/lib/relative-time';
import type { ReportProduct, Store } from '@/api/stores';
import { latestReport, latestResult } from '../lib/latest-result';
import type { LotteryFilter } from '../types/store';
import styles from './StoreListPanel.module.css';

const PRODUCT_LABELS = { pack: 'product.pack', box: 'product.box', single: 'product.single' } as const;

/** How many rows the panel renders at most (the rest are on the map). */
const MAX_ROWS = 100;

interface StoreListPanelProps {
  mode: 'view' | 'nearby';
  stores: Store[];
  clusteredCount: number;
  /** While clusters are shown: the most useful stores of the view, in order (view-list.ts). */
  highlights?: Store[];
  truncated: boolean;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  storeTypes: Map<string, StoreType>;
  onSelect: (store: Store) => void;
  expanded: boolean;
  onToggle: () => void;
  /** A control beside each row (another feature's, wired by the page). */
  rowAction?: (store: Store) => ReactNode;
  /** A control in the panel's header row, beside its title (e.g. 店舗を投稿). */
  headerAction?: ReactNode;
  /** The product chosen in the filters: rows show and mark its latest result (else the latest of any product). */
  product?: ReportProduct | null;
  /** The lottery filter: every row is a store with an open lottery, and says so. */
  lottery?: LotteryFilter;
}

function sortForList(stores: Store[], mode: 'view' | 'nearby', product: ReportProduct | null): Store[] {
  if (mode === 'nearby') return stores;
  const at = (s: Store) => latestReport(s, product)?.at ?? '';
  return [...stores].sort((a, b) => at(b).localeCompare(at(a)) || a.name.localeCompare(b.name, 'ja'));
}

/** Stores in view (or nearest to the current location): a side panel on desktop, a bottom sheet on phones. */
export function StoreListPanel(props: StoreListPanelProps) {
  const {
    mode,
    stores,
    clusteredCount,
    highlights,
    truncated,
    isLoading,
    isError,
    onRetry,
    storeTypes,
    onSelect,
    expanded,
    onToggle,
    rowAction,
    headerAction,
    product = null,
    lottery = '',
  } = props;
  const title = mode === 'nearby' ? t('map.nearbyTitle') : t('map.listTitle');
  // With clusters in view the markers are only part of it: show the whole count and
  // ask for a zoom rather than listing the few single-store markers as if they were all.
  const clustered = mode === 'view' && clusteredCount > 0;
  const count = clustered ? clusteredCount : stores.length;
  const listed = clustered ? (highlights ?? []) : stores;
  const rows = (clustered ? listed : sortForList(stores, mode, product)).slice(0, MAX_ROWS);
  const now = Date.now();

  let body;
  if (isError) {
    body = (
      <div className={styles.message} role="alert">
        <p>{t('map.loadError')}</p>
        <button type="button" className={styles.retry} onClick={onRetry}>
          {t('common.retry')}
        </button>
      </div>
    );
  } else if (isLoading && stores.length === 0 && clusteredCount === 0) {
    body = <Spinner label={t('map.loadingStores')} />;
  } else if (clustered && rows.length === 0) {
    body = <p className={styles.message}>{t('map.listZoomIn', { n: formatNumber(clusteredCount) })}</p>;
  } else if (rows.length === 0) {
    body = <p className={styles.message}>{t('map.listEmpty')}</p>;
  } else {
    body = (
      <>
        {clustered && <p className={styles.hint}>{t('map.listHighlights', { n: formatNumber(clusteredCount) })}</p>}
        {truncated && <p className={styles.notice}>{t('map.listTruncated', { n: formatNumber(stores.length) })}</p>}
        <ul className={styles.list} data-testid="store-list">
          {rows.map((store) => {
            const type = storeTypes.get(store.store_type);
            const report = latestReport(store, product);
            const result = latestResult(store, now, product);
            const distance = store.distance_km !== undefined ? formatDistanceKm(store.distance_km) : null;
            return (
              <li key={store.id} className={rowAction ? styles.withAction : undefined} data-store-id={store.id}>
                <button type="button" className={styles.row} onClick={() => onSelect(store)}>
                  <span className={styles.icon} style={{ ['--pk-color' as string]: type?.color ?? '#6b7280' }} aria-hidden="true">
                    {type?.icon}
                  </span>
                  <span className={styles.main}>
                    <span className={styles.name}>
                      {lottery && (
                        <span className={`${styles.lottery} ${lottery === 'closing' ? styles.lotteryClosing : ''}`} data-lottery={lottery}>
                          {t(lottery === 'closing' ? 'map.lotteryRowClosing' : 'map.lotteryRowOpen')}
                        </span>
                      )}
                      {store.name}
                    </span>
                    <span className={styles.meta}>
                      {type?.label}
                      {store.city ? ` ${t('map.separator')} ${store.city}` : ''}
                    </span>
                    {report && (
                      <span
                        className={result === 'bought' ? styles.fresh : result === 'sold_out' ? styles.soldOut : styles.report}
                        data-result={result ?? 'old'}
                      >
                        {formatRelativeTime(report.at, now)}
                        {t('map.separator')}
                        {product && t(PRODUCT_LABELS[product]) + t('map.separator')}
                        {t(report.kind === 'sold_out' ? 'timeline.kind.sold_out' : 'timeline.kind.bought')}
                      </span>
                    )}
                  </span>
                  {distance && (
                    <span className={styles.distance}>
                      {distance.unit === 'm' ? t('map.distanceM', { m: distance.value }) : t('map.distance', { km: distance.value })}
                    </span>
                  )}
                </button>
                {rowAction?.(store)}
              </li>
            );
          })}
        </ul>
      </>
    );
  }

  return (
    <section className={styles.panel} data-expanded={expanded} data-map-layer="bottom" aria-labelledby="store-list-title">
      <div className={styles.header}>
        <button type="button" className={styles.handle} onClick={onToggle} aria-expanded={expanded} aria-controls="store-list-body">
          <span className={styles.grip} aria-hidden="true" />
          <span id="store-list-title" className={styles.title}>
            {title}
            {!isError && count > 0 && <span className={styles.count}>{t('map.listCount', { n: formatNumber(count) })}</span>}
          </span>
          <span className={styles.toggleText}>{expanded ? t('map.hideList') : t('map.showList')}</span>
        </button>
        {headerAction && <div className={styles.headerAction}>{headerAction}</div>}
      </div>
      <div id="store-list-body" className={styles.body}>
        {body}
      </div>
    </section>
  );
}
