import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useStoreTypes } from '@/api/initial-data';
import { isRemoved, type Store } from '@/api/stores';
import { directionsUrl, RECENT_REPORT_HOURS, STORE_SHEET_HISTORY_LIMIT } from '@/config/constants';
import { paths } from '@/config/paths';
import { t, type MessageKey } from '@/i18n/ja';
import { ApiError } from '@/lib/api';
import { distanceKm } from '@/lib/distance';
import { formatDistanceKm } from '@/lib/format';
import { formatRelativeTime, isWithinHours, lastReportText } from '@/lib/relative-time';
import { useStore, type StoreDetail, type StoreReport } from '@/api/stores';
import { useConfirmations } from '@/api/confirmations';
import { FavoriteButton } from './FavoriteButton';
import { ReportConfirmation } from './ReportConfirmation';
import { SaleTermsSummary } from './SaleTermsSummary';
import { ShareButton } from './ShareButton';
import dialogStyles from '@/components/ui/Dialog.module.css';
import styles from './StoreSheet.module.css';

/** Lazy: the full-size photo viewer and the chart load only when shown. */
const PhotoViewer = lazy(() => import('./PhotoViewer'));
const ActivityChart = lazy(() => import('./ActivityChart'));

const SELLS: Array<['packs' | 'boxes' | 'singles', MessageKey]> = [
  ['packs', 'product.pack'],
  ['boxes', 'product.box'],
  ['singles', 'product.single'],
];
/** 530m / 2.2km, as the map's list writes a distance. */
function distanceText(km: number): string {
  const d = formatDistanceKm(km);
  return d.unit === 'm' ? t('map.distanceM', { m: d.value }) : t('map.distance', { km: d.value });
}

const PRODUCT: Record<StoreReport['product'], MessageKey> = {
  pack: 'product.pack',
  box: 'product.box',
  single: 'product.single',
};

export interface StoreSheetProps {
  storeId: string;
  onClose: () => void;
  /** 報告する (the reports feature's form, wired in by the route). */
  onReport?: (store: Store) => void;
  /** Called once the store's details have arrived (the route centres a shared link's store). */
  onLoaded?: (store: StoreDetail) => void;
  /**
   * ルートに追加: the routes feature renders its button here. Left out (the button
   * stays hidden) until that feature exists.
   */
  tripAction?: (store: Store) => ReactNode;
  /** Where the user is (the map's ?lat=&lng=): the sheet says how far the store is, as the list beside it does. */
  origin?: { lat: number; lng: number } | null;
  /**
   * The store's lotteries: the lotteries feature renders its section here (lazily: it may
   * suspend), with the sheet's own section classes so that it looks like its neighbours.
   */
  lotteries?: (store: Store, classes: { section?: string; title?: string }) => ReactNode;
}

/**
 * A store's sheet: a bottom sheet on phones, a side panel on desktops. Everything
 * GET /stores/{id} knows: type, name, address, position note, what it sells, freshness,
 * photos, the recent purchase reports and when they happen, and the actions.
 */
export function StoreSheet({ storeId, onClose, onReport, onLoaded, tripAction, origin, lotteries }: StoreSheetProps) {
  const detail = useStore(storeId);
  const rootRef = useRef<HTMLElement>(null);
  const onLoadedRef = useRef(onLoaded);
  onLoadedRef.current = onLoaded;

  useEffect(() => {
    rootRef.current?.focus({ preventScroll: true });
  }, [storeId]);

  const loadedId = detail.data ? String(detail.data.id) : null;
  useEffect(() => {
    if (detail.data && loadedId === storeId) onLoadedRef.current?.(detail.data);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loadedId, storeId]);

  return (
    <section
      ref={rootRef}
      className={styles.sheet}
      aria-label={detail.data ? detail.data.name : t('sheet.label')}
      data-testid="store-sheet"
      tabIndex={-1}
      onKeyDown={(event) => {
        // Only for keys pressed in the sheet itself (not in the photo viewer's dialog, a portal).
        if (event.key === 'Escape' && rootRef.current?.contains(event.target as Node)) onClose();
      }}
    >
      <span className={styles.grip} aria-hidden="true" />
      <button type="button" className={`${dialogStyles.close} ${styles.close}`} onClick={onClose} aria-label={t('sheet.close')}>
        ×
      </button>
      {detail.isPending ? (
        <p className={styles.message} role="status">
          {t('sheet.loading')}
        </p>
      ) : detail.isError ? (
        <div className={styles.message} role="alert">
          <p>
            {detail.error instanceof ApiError && detail.error.status === 404 ? t('sheet.notFound') : t('sheet.loadError')}
          </p>
          {!(detail.error instanceof ApiError && detail.error.status === 404) && (
            <button type="button" className={dialogStyles.retry} onClick={() => void detail.refetch()}>
              {t('common.retry')}
            </button>
          )}
        </div>
      ) : (
        <SheetBody store={detail.data} onReport={onReport} tripAction={tripAction} origin={origin} lotteries={lotteries} />
      )}
    </section>
  );
}

function SheetBody({
  store,
  onReport,
  tripAction,
  origin,
  lotteries,
}: {
  store: StoreDetail;
  onReport?: (store: Store) => void;
  tripAction?: (store: Store) => ReactNode;
  origin?: { lat: number; lng: number } | null;
  lotteries?: StoreSheetProps['lotteries'];
}) {
  const storeTypes = useStoreTypes();
  const type = storeTypes.get(store.store_type);
  const [viewerAt, setViewerAt] = useState<number | null>(null);
  const fresh = isWithinHours(store.last_report_at, RECENT_REPORT_HOURS);
  const address = store.address || [store.prefecture_name, store.city].filter(Boolean).join('');
  const sells = SELLS.filter(([key]) => store.sells?.[key] === true).map(([, label]) => t(label));
  const removed = isRemoved(store.status);
  const reports = store.recent_reports.slice(0, STORE_SHEET_HISTORY_LIMIT);
  const confirmations = useConfirmations(reports.map((report) => report.id));

  return (
    <div className={styles.body}>
      <p className={styles.type} style={{ ['--pk-color' as string]: type?.color ?? '#6b7280' }}>
        <span aria-hidden="true">{type?.icon}</span> {type?.label ?? store.store_type}
      </p>
      <h2 className={styles.name}>{store.name}</h2>
      {removed && <p className={styles.removed}>{t('sheet.removed')}</p>}
      {address && <p className={styles.address}>{address}</p>}
      {origin && (
        <p className={styles.sells} data-testid="store-sheet-distance">
          {t('sheet.distanceFrom', { distance: distanceText(distanceKm(origin, store)) })}
        </p>
      )}
      {store.location_precision && store.location_precision !== 'exact' && (
        <p className={styles.note}>{t('map.precisionApprox')}</p>
      )}
      {sells.length > 0 && <p className={styles.sells}>{t('map.sellsList', { items: sells.join(t('map.separator')) })}</p>}
      <p className={fresh ? styles.freshnessFresh : styles.freshness} data-testid="store-sheet-freshness">
        {lastReportText(store)}
      </p>
      <SaleTermsSummary reports={store.recent_reports} />

      <div className={styles.actions}>
        <FavoriteButton store={store} />
        {onReport && !removed && (
          <button type="button" className={styles.primary} onClick={() => onReport(store)} data-testid="store-sheet-report">
            {t('report.open')}
          </button>
        )}
        {tripAction?.(store)}
        {!removed && (
          <Link className={styles.action} to={paths.lotteryNew.getHref(store.id)} data-testid="store-sheet-lottery">
            <span aria-hidden="true">🎟️</span> {t('lottery.register')}
          </Link>
        )}
        <a
          className={styles.action}
          href={directionsUrl(store.lat, store.lng)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('map.directions')}
        >
          <span aria-hidden="true">🧭</span> {t('sheet.directions')}
        </a>
        <ShareButton store={store} />
      </div>

      {!removed && lotteries && (
        <Suspense fallback={null}>{lotteries(store, { section: styles.section, title: styles.sectionTitle })}</Suspense>
      )}

      {store.photos.length > 0 && (
        <section className={styles.section} aria-labelledby="sheet-photos">
          <h3 id="sheet-photos" className={styles.sectionTitle}>
            {t('sheet.photos')}
          </h3>
          <ul className={styles.thumbs}>
            {store.photos.map((photo, index) => (
              <li key={photo.url}>
                <button
                  type="button"
                  className={styles.thumb}
                  onClick={() => setViewerAt(index)}
                  aria-label={t('sheet.photoOpen', { n: index + 1 })}
                >
                  <img src={photo.thumb_url || photo.url} alt="" loading="lazy" decoding="async" width={96} height={96} />
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className={styles.section} aria-labelledby="sheet-history">
        <h3 id="sheet-history" className={styles.sectionTitle}>
          {t('sheet.history')}
        </h3>
        {reports.length === 0 ? (
          <p className={styles.muted}>{t('sheet.noHistory')}</p>
        ) : (
          <ul className={styles.history} data-testid="store-sheet-history">
            {reports.map((report) => (
              <li key={report.id} className={styles.historyItem}>
                <span className={report.kind === 'bought' ? styles.kindBought : styles.kindSoldOut}>
                  {t(report.kind === 'bought' ? 'timeline.kind.bought' : 'timeline.kind.sold_out')}
                </span>
                <span className={styles.historyText}>
                  {t(PRODUCT[report.product])}
                  {report.product_name && `・${report.product_name}`}
                  {report.limit_note && <span className={styles.limit}>{t('sheet.limit', { note: report.limit_note })}</span>}
                </span>
                <time className={styles.time} dateTime={report.purchased_at}>
                  {formatRelativeTime(report.purchased_at)}
                </time>
                <ReportConfirmation
                  reportId={report.id}
                  storeId={store.id}
                  confirmation={confirmations.data?.get(report.id)}
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      {store.activity && (
        <section className={styles.section} aria-labelledby="sheet-activity">
          <h3 id="sheet-activity" className={styles.sectionTitle}>
            {t('sheet.activity')}
          </h3>
          <Suspense fallback={<p className={styles.muted}>{t('common.loading')}</p>}>
            <ActivityChart activity={store.activity} />
          </Suspense>
        </section>
      )}

      {viewerAt !== null && (
        <Suspense fallback={null}>
          <PhotoViewer photos={store.photos} name={store.name} start={viewerAt} onClose={() => setViewerAt(null)} />
        </Suspense>
      )}
    </div>
  );
}
