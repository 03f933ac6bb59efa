import { Link } from 'react-router';
import { useConfirmations, type Confirmation } from '@/api/confirmations';
import { ConfirmationCount } from '@/components/confirmations/ConfirmationCount';
import { Dialog } from '@/components/ui/Dialog';
import { Spinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { t, type MessageKey } from '@/i18n/ja';
import { formatRelativeTime } from '@/lib/relative-time';
import { hasSaleTerms, saleTermsText } from '@/lib/sale-terms';
import { useTimeline, type TimelineItem } from '../api/get-timeline';
import dialogStyles from '@/components/ui/Dialog.module.css';
import styles from './TimelineDialog.module.css';

/** 最新の購入報告: loading, empty or list (SPEC §2 Home). */
export function TimelineDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const timeline = useTimeline({ enabled: open });
  const confirmations = useConfirmations(
    (timeline.data ?? []).map((item) => Number(item.id)).filter((id) => Number.isInteger(id)),
  );
  const now = Date.now();

  let content;
  if (timeline.isPending) {
    content = <Spinner label={t('common.loading')} />;
  } else if (timeline.isError) {
    content = (
      <div className={dialogStyles.state}>
        <p>{t('timeline.error')}</p>
        <button type="button" className={dialogStyles.retry} onClick={() => void timeline.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  } else if (timeline.data.length === 0) {
    content = (
      <p className={dialogStyles.state} data-testid="timeline-empty">
        {t('timeline.empty')}
      </p>
    );
  } else {
    content = (
      <ol className={styles.list} data-testid="timeline-list">
        {timeline.data.map((item) => (
          <TimelineRow
            key={item.id}
            item={item}
            now={now}
            confirmation={confirmations.data?.get(Number(item.id))}
          />
        ))}
      </ol>
    );
  }

  return (
    <Dialog open={open} onClose={onClose} title={t('timeline.title')}>
      {content}
    </Dialog>
  );
}

/**
 * Where a report's store name leads: the store itself on the map with its sheet open
 * (/map?store={id}); only an item without a store id falls back to its prefecture.
 */
export function timelineStoreHref(store: TimelineItem['store']): string | null {
  if (store.id !== undefined && store.id !== '') return paths.map.getHref({ store: store.id });
  return store.prefecture_code ? paths.map.getHref({ prefecture: store.prefecture_code }) : null;
}

function TimelineRow({
  item,
  now,
  confirmation,
}: {
  item: TimelineItem;
  now: number;
  confirmation?: Confirmation;
}) {
  const place = [item.store.prefecture, item.store.city].filter(Boolean).join(' ');
  const href = timelineStoreHref(item.store);
  return (
    <li className={styles.item}>
      <div className={styles.itemHead}>
        {href ? (
          <Link to={href} className={styles.store}>
            {item.store.name}
          </Link>
        ) : (
          <span className={styles.store}>{item.store.name}</span>
        )}
        <time dateTime={item.purchased_at} className={styles.time}>
          {formatRelativeTime(item.purchased_at, now)}
        </time>
      </div>
      {place && <p className={styles.place}>{place}</p>}
      <p className={styles.tags}>
        {item.kind && (
          <span className={item.kind === 'bought' ? styles.bought : styles.soldOut}>
            {t(`timeline.kind.${item.kind}` as MessageKey)}
          </span>
        )}
        {item.product && <span className={styles.product}>{t(`product.${item.product}` as MessageKey)}</span>}
        {item.product_name && <span className={styles.productName}>{item.product_name}</span>}
      </p>
      {hasSaleTerms(item) && (
        <p className={styles.limit} data-testid="timeline-terms">
          {saleTermsText(item)}
        </p>
      )}
      {item.limit_note && <p className={styles.limit}>{t('timeline.limit', { note: item.limit_note })}</p>}
      <ConfirmationCount confirmation={confirmation} />
    </li>
  );
}
