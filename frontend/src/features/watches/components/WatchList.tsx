import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { productsQuery } from '@/api/products';
import { Alert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { tw } from '@/i18n/ja-watches';
import { ApiError } from '@/lib/api';
import { prefectureName } from '@/lib/prefecture-codes';
import { showToast } from '@/stores/toast-store';
import form from '@/styles/form.module.css';
import ui from '@/styles/ui.module.css';
import {
  inputOf,
  useDeleteWatch,
  useSetQuietHours,
  useUpdateWatch,
  useWatches,
  WATCH_EVENTS,
  WATCH_RADII_KM,
  type QuietHours,
  type Watch,
} from '../api/watches';
import { eventLabel, productLabel } from '../lib/labels';
import styles from './watches.module.css';

const HOURS = Array.from({ length: 24 }, (_, h) => h);

function failure(error: unknown): string {
  return error instanceof ApiError && error.fromServer ? error.message : tw('list.failed');
}

function areaText(w: Watch): string {
  if (w.prefecture !== null) return tw('list.prefecture', { name: prefectureName(w.prefecture) });
  return tw('list.point', { km: w.radius_km ?? 0, lat: (w.lat ?? 0).toFixed(3), lng: (w.lng ?? 0).toFixed(3) });
}

/** One watch: what it covers, on/off, a radius and events editor, delete. */
function WatchItem({ watch }: { watch: Watch }) {
  const update = useUpdateWatch();
  const remove = useDeleteWatch();
  const [editing, setEditing] = useState(false);
  const [radius, setRadius] = useState(watch.radius_km ?? 5);
  const [events, setEvents] = useState<string[]>(watch.events);
  // The catalogue product by its name (the cached catalogue); its number only while the
  // catalogue loads or when the product was delisted.
  const products = useQuery({ ...productsQuery(), enabled: watch.product_id !== null });
  const productName = products.data?.find((p) => p.id === watch.product_id)?.name;

  const save = (changes: Partial<ReturnType<typeof inputOf>>, done: string) =>
    update.mutate(
      { id: watch.id, input: { ...inputOf(watch), ...changes } },
      {
        onSuccess: () => {
          showToast(done, 'success');
          setEditing(false);
        },
        onError: (e) => showToast(failure(e), 'error'),
      },
    );

  return (
    <li className={styles.item} data-active={watch.active} data-testid="watch-item">
      <div className={styles.itemHead}>
        <p className={styles.area}>{areaText(watch)}</p>
        <label className={form.check}>
          <input
            type="checkbox"
            role="switch"
            checked={watch.active}
            disabled={update.isPending}
            onChange={(e) => save({ active: e.target.checked }, tw(e.target.checked ? 'list.on' : 'list.off'))}
            data-testid="watch-active"
          />
          <span>{tw('list.active')}</span>
        </label>
      </div>
      <p className={styles.meta}>
        {tw('list.events', { events: watch.events.map((e) => eventLabel(e)).join('・') })}
        {' / '}
        {tw('list.products', {
          products:
            watch.product_kinds.length === 0
              ? tw('list.productsAll')
              : watch.product_kinds.map((p) => productLabel(p)).join('・'),
        })}
        {watch.product_id !== null && ` / ${productName ?? tw('list.productId', { id: watch.product_id })}`}
      </p>
      {editing ? (
        <div className={styles.form}>
          {watch.prefecture === null && (
            <label className={form.field}>
              <span className={form.label}>{tw('dialog.radius')}</span>
              <select className={form.select} value={radius} onChange={(e) => setRadius(Number(e.target.value))}>
                {WATCH_RADII_KM.map((km) => (
                  <option key={km} value={km}>
                    {tw('dialog.radiusKm', { km })}
                  </option>
                ))}
              </select>
            </label>
          )}
          <div className={styles.row}>
            {WATCH_EVENTS.map((event) => (
              <label key={event} className={form.check}>
                <input
                  type="checkbox"
                  checked={events.includes(event)}
                  onChange={(e) =>
                    setEvents((list) => (e.target.checked ? [...list, event] : list.filter((v) => v !== event)))
                  }
                />
                <span>{eventLabel(event)}</span>
              </label>
            ))}
          </div>
          <div className={styles.actions}>
            <button
              type="button"
              className={ui.primary}
              disabled={events.length === 0 || update.isPending}
              onClick={() =>
                save({ events, ...(watch.prefecture === null ? { radius_km: radius } : {}) }, tw('list.saved'))
              }
            >
              {tw('list.save')}
            </button>
            <button type="button" className={ui.secondary} onClick={() => setEditing(false)}>
              {tw('list.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <div className={styles.actions}>
          <button type="button" className={ui.secondary} onClick={() => setEditing(true)}>
            {tw('list.edit')}
          </button>
          <button
            type="button"
            className={ui.secondary}
            disabled={remove.isPending}
            onClick={() => {
              if (!window.confirm(tw('list.confirmDelete'))) return;
              remove.mutate(watch.id, {
                onSuccess: () => showToast(tw('list.deleted'), 'success'),
                onError: (e) => showToast(failure(e), 'error'),
              });
            }}
            data-testid="watch-delete"
          >
            {tw('list.delete')}
          </button>
        </div>
      )}
    </li>
  );
}

/** The quiet hours: two hour selects saved together. */
function QuietHoursSetting({ saved }: { saved: QuietHours }) {
  const [quiet, setQuiet] = useState(saved);
  const set = useSetQuietHours();
  return (
    <div className={styles.section}>
      <h3 className={styles.area}>{tw('quiet.title')}</h3>
      <p className={styles.meta}>{tw('quiet.hint')}</p>
      <div className={styles.quiet}>
        {(['start_hour', 'end_hour'] as const).map((field) => (
          <label key={field}>
            <span>{tw(field === 'start_hour' ? 'quiet.start' : 'quiet.end')}</span>
            <select
              className={form.select}
              value={quiet[field]}
              onChange={(e) => setQuiet((q) => ({ ...q, [field]: Number(e.target.value) }))}
              data-testid={`quiet-${field}`}
            >
              {HOURS.map((h) => (
                <option key={h} value={h}>
                  {tw('quiet.hour', { h })}
                </option>
              ))}
            </select>
          </label>
        ))}
        <button
          type="button"
          className={ui.secondary}
          disabled={set.isPending}
          onClick={() =>
            set.mutate(quiet, {
              onSuccess: () => showToast(tw('quiet.saved'), 'success'),
              onError: (e) => showToast(failure(e), 'error'),
            })
          }
          data-testid="quiet-save"
        >
          {tw('quiet.save')}
        </button>
      </div>
    </div>
  );
}

/** The profile's エリアの通知: the user's watches (up to the server's maximum) and quiet hours. */
export function WatchList() {
  const watches = useWatches();
  return (
    <section className={styles.section} aria-labelledby="watch-list-title" data-testid="watch-list">
      <h2 id="watch-list-title">{tw('list.title')}</h2>
      <p className={styles.meta}>{tw('list.lead')}</p>
      {watches.isPending ? (
        <Spinner label={tw('off.working')} />
      ) : watches.isError ? (
        <Alert type="error">{tw('list.loadError')}</Alert>
      ) : (
        <>
          <p className={styles.meta}>{tw('list.count', { n: watches.data.watches.length, max: watches.data.max_watches })}</p>
          {watches.data.watches.length === 0 ? (
            <p className={styles.meta}>{tw('list.empty')}</p>
          ) : (
            <ul className={styles.items}>
              {watches.data.watches.map((w) => (
                <WatchItem key={`${w.id}:${w.active}`} watch={w} />
              ))}
            </ul>
          )}
          <p>
            <Link to={paths.map.getHref()}>{tw('list.toMap')}</Link>
          </p>
          <QuietHoursSetting
            key={`${watches.data.quiet_hours.start_hour}-${watches.data.quiet_hours.end_hour}`}
            saved={watches.data.quiet_hours}
          />
        </>
      )}
    </section>
  );
}
