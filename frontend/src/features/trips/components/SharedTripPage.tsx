import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { t } from '@/i18n/ja';
import ui from '@/styles/ui.module.css';
import { useSharedTrip } from '../api/trips';
import { useTripDraft } from '../hooks/use-trip-draft';
import { formatDistance, formatEstimate } from '../lib/format';
import { googleMapsLegs } from '../lib/google-maps';
import type { TravelMode } from '../types/trip';
import { stopsFromApi } from './TripBar';
import styles from './SavedTripsPage.module.css';

/** /shared-routes/{shareId}: a trip someone shared, read-only, for anyone with the link. */
export function SharedTripPage({ shareId }: { shareId: string }) {
  const query = useSharedTrip(shareId);
  const trip = useTripDraft();
  const navigate = useNavigate();
  const [mode, setMode] = useState<TravelMode>('walk');

  if (query.isPending)
    return (
      <div className={ui.page}>
        <Spinner label={t('common.loading')} />
      </div>
    );
  if (query.isError)
    return (
      <div className={ui.page}>
        <h1 className={ui.pageTitle}>{t('sharedRoute.title')}</h1>
        <p className={styles.message} role="alert">
          {t('sharedRoute.notFound')}
        </p>
      </div>
    );

  const shared = query.data;
  const stops = stopsFromApi(shared);
  const legs = googleMapsLegs(shared.start, stops, mode, shared.return_to_start);
  return (
    <div className={ui.page}>
      <p className={ui.muted}>{t('sharedRoute.title')}</p>
      <h1 className={ui.pageTitle}>{shared.name}</h1>
      <p>
        {t('savedRoutes.stops', { n: stops.length })} · {formatDistance(shared.total_m)} · {formatEstimate(shared.total_m, mode)}
      </p>
      <p>
        {(['walk', 'car'] as const).map((m) => (
          <label key={m} style={{ marginRight: 12 }}>
            <input type="radio" name="shared-mode" checked={mode === m} onChange={() => setMode(m)} /> {t(`route.mode.${m}`)}
          </label>
        ))}
      </p>
      <ol className={styles.list}>
        {stops.map((s, i) => (
          <li key={s.id} className={styles.item}>
            <strong>{i + 1}. </strong>
            {s.status === 'active' ? s.name : <s>{s.name}</s>}
            {s.status !== 'active' && ` (${t(s.status === 'hidden' ? 'route.status.hidden' : 'route.status.closed')})`}
            <div className={styles.meta}>{s.address}</div>
          </li>
        ))}
      </ol>
      <div className={styles.actions}>
        {legs.map((leg) => (
          <a key={leg.url} className={ui.secondary} href={leg.url} target="_blank" rel="noopener noreferrer">
            {legs.length === 1 ? t('route.openMaps') : t('route.openMapsLeg', { from: leg.firstStop, to: leg.lastStop })}
          </a>
        ))}
        <button
          type="button"
          className={ui.primary}
          onClick={() => {
            trip.replace(stops, {
              savedId: null,
              name: shared.name,
              start: shared.start ? { kind: 'point', point: shared.start } : { kind: 'none' },
              returnToStart: shared.return_to_start,
              expanded: true,
            });
            void navigate(paths.map.getHref());
          }}
        >
          {t('sharedRoute.openOnMap')}
        </button>
      </div>
      <p className={ui.muted}>{t('sharedRoute.readOnly')}</p>
    </div>
  );
}
