import { t } from '@/i18n/ja';
import type { GpsState } from '../hooks/use-gps-position';
import { isUsableGpsPosition } from '../lib/submission-form';
import styles from './SubmissionModal.module.css';

/** Where the GPS stands: locating, the coordinates, or SPEC §8's message; plus 再取得. */
export function GpsStatus({ state, onRelocate }: { state: GpsState; onRelocate: () => void }) {
  return (
    <div className={styles.gps} data-status={state.status} data-testid="submission-gps">
      <p className={styles.gpsText} role={state.status === 'failed' ? 'alert' : 'status'}>
        {state.status === 'located' ? (
          <>
            <span aria-hidden="true">📍 </span>
            {t('submission.coords', { lat: state.lat.toFixed(5), lng: state.lng.toFixed(5) })}
          </>
        ) : state.status === 'failed' ? (
          state.message
        ) : (
          t('submission.locating')
        )}
      </p>
      <button type="button" className={styles.relocate} onClick={onRelocate} disabled={state.status === 'locating'}>
        {t('submission.relocate')}
      </button>
      {state.status === 'located' &&
        (isUsableGpsPosition(state.lat, state.lng) ? (
          <p className={styles.gpsHint}>{t('submission.gpsHint')}</p>
        ) : (
          // The send button stays off for this position: say why and what to do.
          <p className={styles.gpsHint} role="alert" data-testid="submission-gps-unusable">
            {t('submission.gpsZero')}
          </p>
        ))}
      {state.status === 'failed' && <p className={styles.gpsHint}>{t('submission.gpsFailedHint')}</p>}
    </div>
  );
}
