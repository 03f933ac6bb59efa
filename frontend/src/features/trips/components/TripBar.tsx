import { useId, useState, type DragEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { t } from '@/i18n/ja';
import { getCurrentPosition, GeolocationFailure } from '@/lib/geolocation';
import { useAuth } from '@/stores/auth-store';
import { showToast } from '@/stores/toast-store';
import { usePlanTrip, useSaveTrip } from '../api/trips';
import { startPoint, useTripDraft } from '../hooks/use-trip-draft';
import { TRIP_MIN_STOPS, TRIP_NAME_MAX_LENGTH } from '../lib/constants';
import { defaultTripName } from '../lib/default-name';
import { estimateNote, formatDistance, formatEstimate } from '../lib/format';
import { googleMapsLegs } from '../lib/google-maps';
import { tripDistances } from '../lib/trip-geometry';
import type { ApiTrip, TripStop, TravelMode } from '../types/trip';
import styles from './TripBar.module.css';

const MODES: TravelMode[] = ['walk', 'car'];

export function stopsFromApi(trip: Pick<ApiTrip, 'stops'>): TripStop[] {
  return trip.stops.map((s) => ({
    id: s.store_id,
    name: s.name,
    lat: s.lat,
    lng: s.lng,
    store_type: s.store_type,
    address: s.address,
    status: s.status,
  }));
}

/**
 * The trip being built, over the map: stops in order (drag, or ▲▼ for keyboards),
 * the start, the total and a rough time, 最適化, save, and Google Maps links. On phones
 * it sits at the bottom within thumb reach and folds to a one-line summary.
 */
export function TripBar() {
  const trip = useTripDraft();
  const { draft } = trip;
  const { isAuthenticated } = useAuth();
  const plan = usePlanTrip();
  const save = useSaveTrip();
  const [locating, setLocating] = useState(false);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [name, setName] = useState(draft.name);
  const [nameError, setNameError] = useState<string | null>(null);
  const bodyId = useId();
  const nameId = useId();

  if (draft.stops.length === 0) return null;

  const start = startPoint(draft);
  const active = draft.stops.filter((s) => s.status === 'active');
  const { total, legById } = tripDistances(start, draft.stops, draft.returnToStart);
  const legs = googleMapsLegs(start, draft.stops, draft.mode, draft.returnToStart);
  const missing = Math.max(0, TRIP_MIN_STOPS - active.length);
  const busy = plan.isPending || save.isPending;

  const onStartChange = async (value: string) => {
    if (value === 'none') trip.setStart({ kind: 'none' });
    else if (value === 'point') return;
    else if (value.startsWith('store:')) trip.setStart({ kind: 'store', storeId: Number(value.slice(6)) });
    else if (value === 'current') {
      setLocating(true);
      try {
        const point = await getCurrentPosition();
        trip.setStart({ kind: 'current', point });
      } catch (error) {
        showToast(error instanceof GeolocationFailure ? error.message : t('geo.positionUnavailable'), 'error');
        trip.setStart({ kind: 'none' });
      } finally {
        setLocating(false);
      }
    }
  };

  const optimise = async () => {
    const startId = draft.start.kind === 'store' ? draft.start.storeId : null;
    const startStore = active.find((s) => s.id === startId);
    const planned = startStore ? active.filter((s) => s.id !== startStore.id) : active;
    const origin = startStore ? { lat: startStore.lat, lng: startStore.lng } : start;
    try {
      const result = await plan.mutateAsync({
        start: origin,
        store_ids: planned.map((s) => s.id),
        return_to_start: draft.returnToStart && origin !== null,
      });
      const inactive = draft.stops.filter((s) => s.status !== 'active');
      const ordered = [...(startStore ? [startStore] : []), ...stopsFromApi(result), ...inactive];
      trip.replace(ordered);
      const distance = tripDistances(start, ordered, draft.returnToStart).total;
      showToast(t('route.optimized', { distance: formatDistance(distance) }), 'success');
    } catch (error) {
      showToast(error instanceof Error ? error.message : t('common.unknownError'), 'error');
    }
  };

  const submitSave = async (asNew: boolean) => {
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError(t('route.nameRequired'));
      return;
    }
    if ([...trimmed].length > TRIP_NAME_MAX_LENGTH) {
      setNameError(t('route.nameTooLong', { max: TRIP_NAME_MAX_LENGTH }));
      return;
    }
    setNameError(null);
    const id = asNew ? null : draft.savedId;
    try {
      const saved = await save.mutateAsync({
        id,
        body: {
          name: trimmed,
          start,
          // A new trip takes open stores only; an update keeps stops that closed since.
          store_ids: (id === null ? active : draft.stops).map((s) => s.id),
          return_to_start: draft.returnToStart && start !== null,
        },
      });
      trip.markSaved(saved.id, saved.name);
      setSaving(false);
      showToast(t('route.saved', { name: saved.name }), 'success');
    } catch (error) {
      showToast(error instanceof Error ? error.message : t('common.unknownError'), 'error');
    }
  };

  const onDrop = (event: DragEvent, to: number) => {
    event.preventDefault();
    if (dragFrom !== null) trip.move(dragFrom, to);
    setDragFrom(null);
  };

  const startValue =
    draft.start.kind === 'store' ? `store:${draft.start.storeId}` : draft.start.kind;
  const summary = t('route.summary', { n: draft.stops.length, distance: formatDistance(total) });

  return (
    <section className={styles.bar} aria-label={t('route.bar')} data-testid="route-bar" data-expanded={draft.expanded} data-map-layer="bottom">
      <div className={styles.head}>
        <button
          type="button"
          className={styles.toggle}
          onClick={() => trip.setExpanded(!draft.expanded)}
          aria-expanded={draft.expanded}
          aria-controls={bodyId}
        >
          <span className={styles.title}>{draft.name || t('route.title')}</span>
          <span className={styles.summary} data-testid="route-summary">
            {summary}
            <span className={styles.estimate} title={estimateNote(draft.mode)}>
              {formatEstimate(total, draft.mode)}
            </span>
          </span>
          <span className="visually-hidden">{draft.expanded ? t('route.collapse') : t('route.expand')}</span>
          <span className={styles.chevron} aria-hidden="true">
            {draft.expanded ? '▾' : '▴'}
          </span>
        </button>
      </div>

      <div id={bodyId} className={styles.body} hidden={!draft.expanded}>
        <div className={styles.options}>
          <label className={styles.field}>
            <span>{t('route.start')}</span>
            <select value={startValue} onChange={(e) => void onStartChange(e.target.value)} disabled={locating}>
              <option value="none">{t('route.start.none')}</option>
              <option value="current">{locating ? t('route.start.locating') : t('route.start.current')}</option>
              {draft.start.kind === 'point' && <option value="point">{t('route.start.saved')}</option>}
              {active.map((s) => (
                <option key={s.id} value={`store:${s.id}`}>
                  {t('route.start.store')}: {s.name}
                </option>
              ))}
            </select>
          </label>
          <fieldset className={styles.modes}>
            <legend className="visually-hidden">{t('route.mode')}</legend>
            {MODES.map((mode) => (
              <label key={mode} className={styles.mode} data-checked={draft.mode === mode}>
                <input type="radio" name="route-mode" value={mode} checked={draft.mode === mode} onChange={() => trip.setMode(mode)} />
                {t(`route.mode.${mode}`)}
              </label>
            ))}
          </fieldset>
          {start !== null && (
            <label className={styles.check}>
              <input type="checkbox" checked={draft.returnToStart} onChange={(e) => trip.setReturnToStart(e.target.checked)} />
              {t('route.returnToStart')}
            </label>
          )}
        </div>
        <p className={styles.note}>
          {t('route.straightLine')}: <strong data-testid="route-total">{formatDistance(total)}</strong>
          {' · '}
          <span data-testid="route-estimate">{formatEstimate(total, draft.mode)}</span>
          <br />
          <small>{estimateNote(draft.mode)}</small>
        </p>

        <ol className={styles.stops} data-testid="route-stops" aria-describedby={`${bodyId}-hint`}>
          {draft.stops.map((stop, index) => {
            const unavailable = stop.status !== 'active';
            const leg = legById.get(stop.id);
            return (
              <li
                key={stop.id}
                className={styles.stop}
                draggable
                data-dragging={dragFrom === index}
                data-testid="route-stop"
                onDragStart={(e) => {
                  setDragFrom(index);
                  e.dataTransfer.effectAllowed = 'move';
                }}
                onDragOver={(e) => e.preventDefault()}
                onDrop={(e) => onDrop(e, index)}
                onDragEnd={() => setDragFrom(null)}
              >
                <span className={styles.number} data-unavailable={unavailable} aria-label={t('route.stopNumber', { n: index + 1 })}>
                  {index + 1}
                </span>
                <span className={styles.stopMain}>
                  {unavailable ? (
                    <>
                      <s className={styles.stopName} data-testid="route-stop-name">
                        {stop.name}
                      </s>
                      <span className={styles.badge} title={t('route.unavailable')}>
                        {t(stop.status === 'hidden' ? 'route.status.hidden' : 'route.status.closed')}
                      </span>
                    </>
                  ) : (
                    <span className={styles.stopName} data-testid="route-stop-name">
                      {stop.name}
                    </span>
                  )}
                  {leg !== undefined && <span className={styles.leg}>{t('route.legFrom', { distance: formatDistance(leg) })}</span>}
                </span>
                <span className={styles.stopActions}>
                  <button
                    type="button"
                    onClick={() => trip.move(index, index - 1)}
                    disabled={index === 0}
                    aria-label={t('route.moveUp', { name: stop.name })}
                  >
                    ▲
                  </button>
                  <button
                    type="button"
                    onClick={() => trip.move(index, index + 1)}
                    disabled={index === draft.stops.length - 1}
                    aria-label={t('route.moveDown', { name: stop.name })}
                  >
                    ▼
                  </button>
                  <button type="button" onClick={() => trip.remove(stop.id)} aria-label={t('route.remove', { name: stop.name })}>
                    ✕
                  </button>
                </span>
              </li>
            );
          })}
        </ol>
        <p id={`${bodyId}-hint`} className={styles.hint}>
          {t('route.dragHint')}
        </p>

        {legs.length > 0 && (
          <div className={styles.maps} data-testid="route-maps-links">
            {legs.map((leg) => (
              <a
                key={leg.url}
                className={styles.mapsLink}
                href={leg.url}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="route-maps-link"
              >
                {legs.length === 1 ? t('route.openMaps') : t('route.openMapsLeg', { from: leg.firstStop, to: leg.lastStop })}
              </a>
            ))}
            {legs.length > 1 && <p className={styles.hint}>{t('route.mapsLegsNote')}</p>}
          </div>
        )}

        {missing > 0 ? (
          <p className={styles.hint}>{t('route.needMore', { n: missing })}</p>
        ) : !isAuthenticated ? (
          <p className={styles.hint}>
            {t('route.needLogin')} <Link to={paths.login.getHref()}>{t('route.login')}</Link>
          </p>
        ) : saving ? (
          <form className={styles.saveForm} onSubmit={(e: FormEvent<HTMLFormElement>) => {
              e.preventDefault();
              void submitSave(false);
            }} noValidate>
            <label htmlFor={nameId}>{t('route.name')}</label>
            <input
              id={nameId}
              value={name}
              maxLength={TRIP_NAME_MAX_LENGTH * 2}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={nameError !== null}
              aria-describedby={`${nameId}-hint`}
              autoFocus
            />
            <small id={`${nameId}-hint`} className={nameError ? styles.error : styles.hint} role={nameError ? 'alert' : undefined}>
              {nameError ?? t('route.nameHint', { max: TRIP_NAME_MAX_LENGTH })}
            </small>
            <div className={styles.actions}>
              <button type="submit" className={styles.primary} disabled={busy}>
                {save.isPending ? t('route.saving') : draft.savedId !== null ? t('route.update') : t('route.save')}
              </button>
              {draft.savedId !== null && (
                <button type="button" className={styles.secondary} disabled={busy} onClick={() => void submitSave(true)}>
                  {t('route.saveAs')}
                </button>
              )}
              <button type="button" className={styles.secondary} onClick={() => setSaving(false)}>
                {t('savedRoutes.cancel')}
              </button>
            </div>
          </form>
        ) : (
          <div className={styles.actions}>
            <button type="button" className={styles.primary} onClick={() => void optimise()} disabled={busy} data-testid="route-optimize">
              {plan.isPending ? t('route.optimizing') : t('route.optimize')}
            </button>
            <button
              type="button"
              className={styles.secondary}
              onClick={() => {
                // A trip saved before keeps its name; a new one is offered a name, never a blank box.
                setName(draft.name || defaultTripName(draft.stops));
                setSaving(true);
              }}
              disabled={busy}
              data-testid="route-save"
            >
              {t('route.save')}
            </button>
            <button
              type="button"
              className={styles.ghost}
              onClick={() => {
                if (window.confirm(t('route.clearConfirm'))) trip.clear();
              }}
            >
              {t('route.clear')}
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
