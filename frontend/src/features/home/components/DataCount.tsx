import { useStatsSummary } from '@/api/stats';
import { t } from '@/i18n/ja';
import { floorToRound, formatNumber } from '@/lib/format';
import styles from './HomeHero.module.css';

/** 「データ総数 10,000件以上」 from the real store count (SPEC §1). */
export function DataCount() {
  const { data } = useStatsSummary();
  return (
    <div className={styles.stats}>
      <p className={styles.count} aria-live="polite" data-testid="data-count">
        {data ? (
          t('home.dataCount', { n: formatNumber(floorToRound(data.store_count)) })
        ) : (
          <span className={styles.countPlaceholder}>{t('common.loading')}</span>
        )}
      </p>
      {data?.reports_24h ? (
        <p className={styles.activity}>
          <span className={styles.pulse} aria-hidden="true" />
          {t('home.reports24h', { n: formatNumber(data.reports_24h) })}
        </p>
      ) : null}
    </div>
  );
}
