import { useState } from 'react';
import { Link } from 'react-router';
import { Dialog } from '@/components/ui/Dialog';
import { Spinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { t } from '@/i18n/ja';
import { showToast } from '@/stores/toast-store';
import ui from '@/styles/ui.module.css';
import { useDeleteTrip, useSavedTrips, useSaveTrip } from '../api/trips';
import { TRIP_NAME_MAX_LENGTH, SAVED_TRIPS_MAX } from '../lib/constants';
import { formatDistance } from '../lib/format';
import type { SavedTripSummary } from '../types/trip';
import styles from './SavedTripsPage.module.css';

const dateFormat = new Intl.DateTimeFormat('ja-JP', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Tokyo' });

export function shareUrl(shareId: string): string {
  return new URL(paths.sharedTrip.getHref(shareId), window.location.origin).href;
}

/** /saved-routes: the account's trips; open on the map, rename, share, delete. */
export function SavedTripsPage() {
  const trips = useSavedTrips();
  const [renaming, setRenaming] = useState<SavedTripSummary | null>(null);
  const [deleting, setDeleting] = useState<SavedTripSummary | null>(null);

  let body;
  if (trips.isPending) body = <Spinner label={t('common.loading')} />;
  else if (trips.isError)
    body = (
      <div className={styles.message} role="alert">
        <p>{t('savedRoutes.loadError')}</p>
        <button type="button" className={ui.secondary} onClick={() => void trips.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  else if (trips.data.length === 0)
    body = (
      <div className={styles.message} data-testid="saved-routes-empty">
        <p>{t('savedRoutes.empty')}</p>
        <Link className={ui.primary} to={paths.map.getHref()}>
          {t('savedRoutes.toMap')}
        </Link>
      </div>
    );
  else
    body = (
      <>
        <p className={styles.count}>{t('savedRoutes.count', { n: trips.data.length, max: SAVED_TRIPS_MAX })}</p>
        <ul className={styles.list} data-testid="saved-routes">
          {trips.data.map((trip) => (
            <SavedTripRow key={trip.id} trip={trip} onRename={() => setRenaming(trip)} onDelete={() => setDeleting(trip)} />
          ))}
        </ul>
      </>
    );

  return (
    <div className={ui.page}>
      <h1 className={ui.pageTitle}>{t('savedRoutes.title')}</h1>
      <p className={ui.muted}>{t('savedRoutes.lead', { max: SAVED_TRIPS_MAX })}</p>
      {body}
      {renaming && <RenameDialog trip={renaming} onClose={() => setRenaming(null)} />}
      {deleting && <DeleteDialog trip={deleting} onClose={() => setDeleting(null)} />}
    </div>
  );
}

function SavedTripRow({ trip, onRename, onDelete }: { trip: SavedTripSummary; onRename: () => void; onDelete: () => void }) {
  const save = useSaveTrip();
  const toggleShare = async (share: boolean) => {
    try {
      await save.mutateAsync({ id: trip.id, body: { share } });
    } catch (error) {
      showToast(error instanceof Error ? error.message : t('common.unknownError'), 'error');
    }
  };
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      showToast(t('savedRoutes.copied'), 'success');
    } catch {
      showToast(t('savedRoutes.copyFailed'), 'warning');
    }
  };
  const link = trip.share_id ? shareUrl(trip.share_id) : null;

  return (
    <li className={styles.item} data-testid="saved-route">
      <div className={styles.main}>
        <h2 className={styles.name}>{trip.name}</h2>
        <p className={styles.meta}>
          {t('savedRoutes.stops', { n: trip.stop_count })}
          {' · '}
          {formatDistance(trip.total_m)}
          {' · '}
          {t('savedRoutes.updated', { date: dateFormat.format(new Date(trip.updated_at)) })}
        </p>
      </div>
      <div className={styles.actions}>
        <Link className={ui.primary} to={`${paths.map.getHref()}?route=${trip.id}`} data-testid="saved-route-open">
          {t('savedRoutes.open')}
        </Link>
        <button type="button" className={ui.secondary} onClick={onRename}>
          {t('savedRoutes.rename')}
        </button>
        <button type="button" className={`${ui.secondary} ${styles.danger}`} onClick={onDelete}>
          {t('savedRoutes.delete')}
        </button>
      </div>
      <div className={styles.share}>
        <label className={styles.switch}>
          <input
            type="checkbox"
            checked={trip.share}
            disabled={save.isPending}
            onChange={(e) => void toggleShare(e.target.checked)}
            data-testid="saved-route-share"
          />
          {t('savedRoutes.share')}
        </label>
        <span className={styles.shareState}>{trip.share ? t('savedRoutes.shareOn') : t('savedRoutes.shareOff')}</span>
        {link && (
          <span className={styles.linkRow}>
            <input className={styles.link} readOnly value={link} aria-label={t('savedRoutes.shareLink')} onFocus={(e) => e.target.select()} />
            <button type="button" className={ui.secondary} onClick={() => void copy(link)}>
              {t('savedRoutes.copyLink')}
            </button>
          </span>
        )}
      </div>
    </li>
  );
}

function RenameDialog({ trip, onClose }: { trip: SavedTripSummary; onClose: () => void }) {
  const save = useSaveTrip();
  const [name, setName] = useState(trip.name);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const trimmed = name.trim();
    if (!trimmed) return setError(t('route.nameRequired'));
    if ([...trimmed].length > TRIP_NAME_MAX_LENGTH) return setError(t('route.nameTooLong', { max: TRIP_NAME_MAX_LENGTH }));
    try {
      await save.mutateAsync({ id: trip.id, body: { name: trimmed } });
      showToast(t('savedRoutes.renamed'), 'success');
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : t('common.unknownError'));
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('savedRoutes.renameTitle')}
      footer={
        <>
          <button type="button" className={ui.secondary} onClick={onClose}>
            {t('savedRoutes.cancel')}
          </button>
          <button type="submit" form="rename-route" className={ui.primary} disabled={save.isPending}>
            {save.isPending ? t('route.saving') : t('route.save')}
          </button>
        </>
      }
    >
      <form
        id="rename-route"
        className={styles.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label htmlFor="rename-route-name">{t('route.name')}</label>
        <input id="rename-route-name" value={name} onChange={(e) => setName(e.target.value)} aria-invalid={error !== null} />
        <small className={error ? styles.error : ui.muted} role={error ? 'alert' : undefined}>
          {error ?? t('route.nameHint', { max: TRIP_NAME_MAX_LENGTH })}
        </small>
      </form>
    </Dialog>
  );
}

function DeleteDialog({ trip, onClose }: { trip: SavedTripSummary; onClose: () => void }) {
  const remove = useDeleteTrip();
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('savedRoutes.deleteTitle')}
      footer={
        <>
          <button type="button" className={ui.secondary} onClick={onClose}>
            {t('savedRoutes.cancel')}
          </button>
          <button
            type="button"
            className={`${ui.primary} ${styles.dangerSolid}`}
            disabled={remove.isPending}
            data-testid="confirm-delete-route"
            onClick={() =>
              remove.mutate(trip.id, {
                onSuccess: () => {
                  showToast(t('savedRoutes.deleted'), 'success');
                  onClose();
                },
                onError: (e) => showToast(e instanceof Error ? e.message : t('common.unknownError'), 'error'),
              })
            }
          >
            {t('savedRoutes.delete')}
          </button>
        </>
      }
    >
      <p>{t('savedRoutes.deleteConfirm', { name: trip.name })}</p>
    </Dialog>
  );
}
