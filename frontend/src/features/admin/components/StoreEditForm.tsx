import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { useInitialData } from '@/api/initial-data';
import { useLimits } from '@/api/config';
import { Field } from '@/components/ui/Field';
import { ta } from '@/i18n/ja-admin';
import { charLength } from '@/lib/validation';
import form from '@/styles/form.module.css';
import ui from '@/styles/ui.module.css';
import { updateStore, useConsoleMutation, type StoreUpdate } from '../api/console';
import { MAX_STATUS_NOTE_CHARS } from '../config';
import { errorText } from '../lib/console';
import { isMoved, parseCoord, roundCoord, storeNameError, type LatLng } from '../lib/review';
import { draftOf, SELLS_KEYS, storeChanges, type SellsKey, type StoreDraft, type Tri } from '../lib/store-edit';
import type { AdminStore } from '../types/console';
import { STORE_STATUSES } from '../types/console';
import admin from './admin.module.css';
import type { NoticeState } from './AdminPage';
import { CoordinateFields } from './CoordinateFields';
import styles from './console.module.css';

/** Lazy: Leaflet loads with the store page's map, not with the console's lists. */
const MapPreview = lazy(() => import('./MapPreview'));

/**
 * The store's edit form: name, type, address, the three "sells" values
 * (unknown / yes / no), status with an optional note, and the position — the review form's
 * draggable pin (MapPreview) mirrored by latitude / longitude fields for keyboard users.
 * Only changed fields are sent; the server's message (or refusal) goes to `onNotice`.
 */
export function StoreEditForm({ store, onNotice }: { store: AdminStore; onNotice: (notice: NoticeState) => void }) {
  const initial = draftOf(store);
  const [draft, setDraft] = useState<Omit<StoreDraft, 'position'>>(initial);
  const [latText, setLatText] = useState(String(store.lat));
  const [lngText, setLngText] = useState(String(store.lng));
  const [showErrors, setShowErrors] = useState(false);
  const types = useInitialData().data?.store_types ?? [];
  const limits = useLimits();
  const positionHintId = useId();
  const save = useConsoleMutation((body: StoreUpdate) => updateStore(store.id, body), { publicStores: true });

  const origin: LatLng = { lat: store.lat, lng: store.lng };
  const lat = parseCoord(latText, 90);
  const lng = parseCoord(lngText, 180);
  const position: LatLng | null = lat !== null && lng !== null ? { lat, lng } : null;
  const [lastValid, setLastValid] = useState<LatLng>(origin);
  if (position && (position.lat !== lastValid.lat || position.lng !== lastValid.lng)) setLastValid(position);
  const moved = position !== null && isMoved(origin, position);

  const nameError = limits ? storeNameError(draft.name, limits.max_submission_name_chars) : null;
  const noteLength = charLength(draft.status_note.trim());
  const noteError = noteLength > MAX_STATUS_NOTE_CHARS ? ta('store.statusNoteTooLong', { max: MAX_STATUS_NOTE_CHARS }) : null;
  const positionError = position ? null : ta('store.positionInvalid');

  const set = (key: 'name' | 'store_type' | 'address' | 'status' | 'status_note') => (event: { target: { value: string } }) =>
    setDraft({ ...draft, [key]: event.target.value });
  const setSells = (key: SellsKey, value: Tri) => setDraft({ ...draft, sells: { ...draft.sells, [key]: value } });
  const moveTo = (next: LatLng) => {
    setLatText(String(roundCoord(next.lat)));
    setLngText(String(roundCoord(next.lng)));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (save.isPending || nameError || noteError || !position) return;
    const body = storeChanges(store, { ...draft, position });
    if (Object.keys(body).length === 0) {
      onNotice({ type: 'success', text: ta('store.nothingChanged') });
      return;
    }
    save.mutate(body, {
      onSuccess: (result) => onNotice({ type: 'success', text: result.message || ta('common.done') }),
      onError: (error) => onNotice({ type: 'error', text: errorText(error) }),
    });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={ta('store.edit')}>
      <div className={styles.row}>
        <Field label={ta('store.name')} error={showErrors ? nameError : null}>
          <input className={form.input} name="name" value={draft.name} onChange={set('name')} autoComplete="off" />
        </Field>
        <Field label={ta('store.type')}>
          <select className={form.select} name="store_type" value={draft.store_type} onChange={set('store_type')}>
            {!types.some((type) => type.key === draft.store_type) && <option value={draft.store_type}>{draft.store_type}</option>}
            {types.map((type) => (
              <option key={type.key} value={type.key}>
                {type.icon ? `${type.icon} ${type.label}` : type.label}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field label={ta('store.address')}>
        <input className={form.input} name="address" value={draft.address} onChange={set('address')} autoComplete="off" />
      </Field>
      <fieldset className={styles.fieldset}>
        <legend className={form.label}>{ta('store.sells')}</legend>
        <div className={styles.row3}>
          {SELLS_KEYS.map((key) => (
            <Field key={key} label={ta(`store.sells.${key}`)}>
              <select className={form.select} name={`sells_${key}`} value={draft.sells[key]} onChange={(e) => setSells(key, e.target.value as Tri)}>
                <option value="">{ta('store.sells.unknown')}</option>
                <option value="yes">{ta('store.sells.yes')}</option>
                <option value="no">{ta('store.sells.no')}</option>
              </select>
            </Field>
          ))}
        </div>
      </fieldset>
      <div className={styles.row}>
        <Field label={ta('store.status')}>
          <select className={form.select} name="status" value={draft.status} onChange={set('status')}>
            {STORE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {ta(`status.${status}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label={ta('store.statusNote')}
          optional
          hint={ta('store.statusNoteHint', { n: noteLength, max: MAX_STATUS_NOTE_CHARS })}
          error={noteError}
        >
          <input className={form.input} name="status_note" value={draft.status_note} onChange={set('status_note')} autoComplete="off" />
        </Field>
      </div>
      <fieldset className={styles.fieldset} aria-describedby={positionHintId}>
        <legend className={form.label}>{ta('store.position')}</legend>
        <p id={positionHintId} className={moved ? form.hintOk : form.hint} aria-live="polite">
          {moved ? ta('store.positionMoved') : ta('store.positionHint')}
        </p>
        <Suspense fallback={<div className={admin.mapPlaceholder}>{ta('common.loading')}</div>}>
          <MapPreview
            name={store.name}
            origin={origin}
            position={lastValid}
            precision={store.location_precision ?? 'exact'}
            duplicates={[]}
            onMove={moveTo}
            excludeStoreId={store.id}
            legend={ta('store.mapLegend')}
            pinTitle={ta('store.pinTitle')}
          />
        </Suspense>
        <CoordinateFields
          latText={latText}
          lngText={lngText}
          onLatText={setLatText}
          onLngText={setLngText}
          onReset={moved || !position ? () => moveTo(origin) : undefined}
          error={showErrors ? positionError : null}
          buttonClassName={styles.small}
        />
      </fieldset>
      <div className={styles.actions}>
        <button type="submit" className={ui.primary} disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? ta('common.saving') : ta('common.save')}
        </button>
      </div>
    </form>
  );
}
