import { useEffect, useState } from 'react';
import { t } from '@/i18n/ja';
import { formatRelativeTime } from '@/lib/relative-time';
import { useConnectivity, watchConnectivity } from '@/stores/connectivity-store';
import styles from './OfflineNotice.module.css';

const TICK_MS = 60_000;

function clock(ms: number): string {
  return new Intl.DateTimeFormat('ja-JP', { month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' }).format(ms);
}

/** Offline: say so, and how old the data on screen is (never pass cached data off as fresh). */
export function OfflineNotice({ bare = false }: { bare?: boolean }) {
  const { offline, dataFetchedAt } = useConnectivity();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => watchConnectivity(), []);
  useEffect(() => {
    if (!offline) return;
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [offline]);
  if (!offline) return null;
  return (
    <div className={bare ? `${styles.notice} ${styles.bare}` : styles.notice} role="status" data-testid="offline-notice">
      <span className={styles.badge}>{t('offline.badge')}</span>
      <span>
        {dataFetchedAt === null
          ? t('offline.noData')
          : t('offline.dataAge', { time: clock(dataFetchedAt), ago: formatRelativeTime(dataFetchedAt, Math.max(now, dataFetchedAt)) })}
      </span>
    </div>
  );
}
