import { t } from '@/i18n/ja';
import { formatRelativeTime } from '@/lib/relative-time';
import { PRECISION_LABEL } from '../lib/review';
import type { AdminSubmission } from '../types/submission';
import { SubmissionPhotos } from './SubmissionPhotos';
import styles from './admin.module.css';

function absoluteTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo' });
}

export function TimeAgo({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={absoluteTime(iso)}>
      {formatRelativeTime(iso)}
    </time>
  );
}

/** What the submitter sent: who and when, where (as sent and as placed), the comment and photos. */
export function SubmissionDetails({ submission: s }: { submission: AdminSubmission }) {
  const submitter = s.user ? (s.user.prefecture ? `${s.user.nickname}（${s.user.prefecture}）` : s.user.nickname) : t('admin.unknownUser');
  const place = [s.prefecture_name, s.city].filter(Boolean).join(' ');
  return (
    <dl className={styles.details}>
      <div>
        <dt>{t('admin.submittedBy')}</dt>
        <dd>
          {submitter} ・ <TimeAgo iso={s.created_at} />
        </dd>
      </div>
      <div>
        <dt>{t('admin.location')}</dt>
        <dd>
          <span className={styles.line}>
            {s.location_method === 'gps'
              ? t('admin.byGps', { lat: s.lat.toFixed(5), lng: s.lng.toFixed(5) })
              : t('admin.byAddress', { address: s.address ?? '' })}
          </span>
          <span className={styles.line}>
            {t('admin.placed', { place: place || '—', precision: t(PRECISION_LABEL[s.location_precision]) })}
          </span>
        </dd>
      </div>
      <div>
        <dt>{t('admin.comment')}</dt>
        <dd className={s.comment ? styles.comment : styles.muted}>{s.comment || t('admin.noComment')}</dd>
      </div>
      {s.photos.length > 0 && (
        <div>
          <dt>{t('admin.photos')}</dt>
          <dd>
            <SubmissionPhotos photos={s.photos} />
          </dd>
        </div>
      )}
    </dl>
  );
}
