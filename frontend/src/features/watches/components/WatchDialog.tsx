import { useState } from 'react';
import { Link } from 'react-router';
import { Dialog } from '@/components/ui/Dialog';
import { paths } from '@/config/paths';
import { tw } from '@/i18n/ja-watches';
import { ApiError } from '@/lib/api';
import { PREFECTURE_CODES } from '@/lib/prefecture-codes';
import { useStore } from '@/stores/create-store';
import { showToast } from '@/stores/toast-store';
import form from '@/styles/form.module.css';
import ui from '@/styles/ui.module.css';
import { MAX_WATCHES, useCreateWatch, WATCH_EVENTS, WATCH_PRODUCT_KINDS, WATCH_RADII_KM } from '../api/watches';
import { mapCentreStore } from '../lib/map-centre';
import { nearestPrefecture, watchInputOf, type WatchFormState } from '../lib/watch-form';
import { eventLabel, productLabel } from '../lib/labels';
import styles from './watches.module.css';

const DEFAULT_RADIUS_KM = 5;

function toggled(list: string[], value: string, on: boolean): string[] {
  return on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value);
}

/**
 * このエリアを通知: the map's centre with a radius (or the whole prefecture around it), the
 * events and product kinds to hear about. Saved with POST /watches.
 */
export function WatchDialog({ onClose }: { onClose: () => void }) {
  const centre = useStore(mapCentreStore);
  const [state, setState] = useState<WatchFormState>(() => ({
    area: 'point',
    radiusKm: DEFAULT_RADIUS_KM,
    prefecture: nearestPrefecture(mapCentreStore.get()),
    events: [...WATCH_EVENTS],
    productKinds: [],
  }));
  const create = useCreateWatch();
  const input = watchInputOf(state, centre);
  const full = create.error instanceof ApiError && create.error.code === 'watches_limit';

  const submit = () => {
    if (!input || create.isPending) return;
    create.mutate(input, {
      onSuccess: () => {
        showToast(tw('dialog.created'), 'success');
        onClose();
      },
    });
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={tw('dialog.title')}
      footer={
        <div className={styles.actions}>
          <button type="button" className={ui.secondary} onClick={onClose}>
            {tw('dialog.cancel')}
          </button>
          <button
            type="submit"
            form="watch-form"
            className={ui.primary}
            disabled={!input || create.isPending}
            data-testid="watch-submit"
          >
            {create.isPending ? tw('dialog.submitting') : tw('dialog.submit')}
          </button>
        </div>
      }
    >
      <form
        id="watch-form"
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <p className={styles.centre}>{tw('dialog.lead')}</p>
        <fieldset className={styles.group}>
          <legend>{tw('dialog.area')}</legend>
          <label className={form.check}>
            <input
              type="radio"
              name="watch-area"
              checked={state.area === 'point'}
              onChange={() => setState((s) => ({ ...s, area: 'point' }))}
            />
            <span>{tw('dialog.areaPoint')}</span>
          </label>
          <div className={styles.row} role="radiogroup" aria-label={tw('dialog.radius')}>
            {WATCH_RADII_KM.map((km) => (
              <label key={km} className={form.check}>
                <input
                  type="radio"
                  name="watch-radius"
                  value={km}
                  checked={state.radiusKm === km}
                  disabled={state.area !== 'point'}
                  onChange={() => setState((s) => ({ ...s, radiusKm: km }))}
                  data-testid={`watch-radius-${km}`}
                />
                <span>{tw('dialog.radiusKm', { km })}</span>
              </label>
            ))}
          </div>
          <p className={styles.centre} data-testid="watch-centre">
            {centre
              ? tw('dialog.centre', { lat: centre.lat.toFixed(4), lng: centre.lng.toFixed(4) })
              : tw('dialog.noCentre')}
          </p>
          <label className={form.check}>
            <input
              type="radio"
              name="watch-area"
              checked={state.area === 'prefecture'}
              onChange={() => setState((s) => ({ ...s, area: 'prefecture' }))}
              data-testid="watch-area-prefecture"
            />
            <span>{tw('dialog.areaPrefecture')}</span>
          </label>
          <select
            className={form.select}
            aria-label={tw('dialog.prefecture')}
            value={state.prefecture}
            disabled={state.area !== 'prefecture'}
            onChange={(event) => setState((s) => ({ ...s, prefecture: event.target.value }))}
          >
            <option value="">{tw('dialog.prefecture')}</option>
            {Object.entries(PREFECTURE_CODES).map(([name, code]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        </fieldset>
        <fieldset className={styles.group}>
          <legend>{tw('dialog.events')}</legend>
          <div className={styles.row}>
            {WATCH_EVENTS.map((event) => (
              <label key={event} className={form.check}>
                <input
                  type="checkbox"
                  checked={state.events.includes(event)}
                  onChange={(e) => setState((s) => ({ ...s, events: toggled(s.events, event, e.target.checked) }))}
                />
                <span>{eventLabel(event)}</span>
              </label>
            ))}
          </div>
          {state.events.length === 0 && <p className={styles.error}>{tw('dialog.eventRequired')}</p>}
        </fieldset>
        <fieldset className={styles.group}>
          <legend>{tw('dialog.products')}</legend>
          <div className={styles.row}>
            {WATCH_PRODUCT_KINDS.map((kind) => (
              <label key={kind} className={form.check}>
                <input
                  type="checkbox"
                  checked={state.productKinds.includes(kind)}
                  onChange={(e) =>
                    setState((s) => ({ ...s, productKinds: toggled(s.productKinds, kind, e.target.checked) }))
                  }
                />
                <span>{productLabel(kind)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <p className={styles.limits}>{tw('dialog.limits')}</p>
        {create.isError && (
          <p className={styles.error} role="alert">
            {full
              ? tw('dialog.full', { max: MAX_WATCHES })
              : create.error instanceof ApiError && create.error.fromServer
                ? create.error.message
                : tw('dialog.failed')}{' '}
            {full && <Link to={paths.profile.getHref()}>{tw('dialog.toProfile')}</Link>}
          </p>
        )}
      </form>
    </Dialog>
  );
}
