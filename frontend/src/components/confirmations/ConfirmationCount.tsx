import type { Confirmation } from '@/api/confirmations';
import { t } from '@/i18n/ja';
import { formatRelativeTime } from '@/lib/relative-time';
import styles from './Confirmations.module.css';

/** 「3人がまだ買えたと確認・40分前」: the answers a report gathered, as the sheet and the timeline show them. */
export function confirmationCountText(c: Confirmation, now: number = Date.now()): string | null {
  if (c.still + c.gone === 0 || !c.latest_at) return null;
  const time = formatRelativeTime(c.latest_at, now);
  if (c.gone === 0) return t('confirm.countStill', { n: c.still, time });
  if (c.still === 0) return t('confirm.countGone', { n: c.gone, time });
  return t('confirm.countBoth', { still: c.still, gone: c.gone, time });
}

/** The counts line with its badges: likely outdated (more denials), trusted reporter. Nothing when there is nothing to say. */
export function ConfirmationCount({ confirmation }: { confirmation: Confirmation | undefined }) {
  if (!confirmation) return null;
  const text = confirmationCountText(confirmation);
  if (!text && !confirmation.reporter_trusted) return null;
  return (
    <p className={styles.count} data-testid="confirmation-count">
      {confirmation.outdated && (
        <span className={styles.outdated} data-testid="confirmation-outdated">
          {t('confirm.outdated')}
        </span>
      )}
      {confirmation.reporter_trusted && <span className={styles.trusted}>{t('confirm.trusted')}</span>}
      {text && <span>{text}</span>}
    </p>
  );
}
