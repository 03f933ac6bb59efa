import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { t } from '@/i18n/ja';
import type { AdminSubmission } from '../types/submission';
import { DuplicateHints } from './DuplicateHints';
import { SubmissionDetails, TimeAgo } from './SubmissionDetails';
import styles from './admin.module.css';

/** An approved or rejected submission: what was sent and the outcome (points or the reason). */
export function ReviewedCard({ submission: s, headingId }: { submission: AdminSubmission; headingId: string }) {
  return (
    <div className={styles.info}>
      <h3 id={headingId} className={styles.cardTitle}>
        {s.store_name}
      </h3>
      <SubmissionDetails submission={s} />
      <DuplicateHints duplicates={s.duplicates} />
      <p className={s.status === 'approved' ? styles.outcomeApproved : styles.outcomeRejected}>
        <span className={styles.line}>
          {t(s.status === 'approved' ? 'admin.tab.approved' : 'admin.tab.rejected')}
          {s.reviewed_at && (
            <>
              {' ・ '}
              <TimeAgo iso={s.reviewed_at} />
            </>
          )}
        </span>
        {s.status === 'approved' ? (
          <span className={styles.line}>
            {t('admin.points', { n: s.points_awarded })}
            {' ・ '}
            <Link to={paths.map.getHref({ lat: s.lat, lng: s.lng })}>{t('admin.storeLink')}</Link>
          </span>
        ) : (
          s.reject_reason && <span className={styles.line}>{t('admin.rejectReason', { reason: s.reject_reason })}</span>
        )}
      </p>
    </div>
  );
}
