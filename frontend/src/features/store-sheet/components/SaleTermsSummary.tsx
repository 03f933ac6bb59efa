import type { StoreReport } from '@/api/stores';
import { t } from '@/i18n/ja';
import { formatRelativeTime } from '@/lib/relative-time';
import { hasSaleTerms, saleTermsText } from '@/lib/sale-terms';
import styles from './SaleTermsSummary.module.css';

/** The newest report that says how the store sold; the reports come newest first. */
export function latestTerms(reports: readonly StoreReport[]): StoreReport | undefined {
  return reports.find(hasSaleTerms);
}

/**
 * 最近の販売条件: the latest sale terms reported at the store, with how long ago
 * (「先着・1人1BOXまで・7:00〜, 2時間前」, Japan time). Nothing when no report says any.
 */
export function SaleTermsSummary({ reports, now = Date.now() }: { reports: readonly StoreReport[]; now?: number }) {
  const latest = latestTerms(reports);
  if (!latest) return null;
  return (
    <p className={styles.terms} data-testid="store-sheet-terms">
      <span className={styles.termsTitle}>{t('saleTerms.summaryTitle')}</span>
      <span>
        {t('saleTerms.summary', {
          terms: saleTermsText(latest),
          ago: formatRelativeTime(latest.purchased_at, now),
        })}
      </span>
    </p>
  );
}
