import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useInitialData, useStoreTypes } from '@/api/initial-data';
import { Field } from '@/components/ui/Field';
import { paths } from '@/config/paths';
import { ta } from '@/i18n/ja-admin';
import { charLength } from '@/lib/validation';
import form from '@/styles/form.module.css';
import ui from '@/styles/ui.module.css';
import { adminStoresQuery } from '../api/console';
import { CONSOLE_PAGE_SIZE, MAX_STORE_QUERY_CHARS } from '../config';
import { formatDateTime, prefectureName, PREFECTURE_OPTIONS, useListParams } from '../lib/console';
import { STORE_SOURCES, STORE_STATUSES } from '../types/console';
import { AdminPage, Badge, ListPager, ListSummary, LoadState, type Tone } from './AdminPage';
import styles from './console.module.css';

const KEYS = ['q', 'prefecture', 'type', 'status', 'source'] as const;
type StoreFilters = Record<(typeof KEYS)[number], string>;

export const STATUS_TONE: Record<string, Tone> = { active: 'ok', hidden: 'warn', closed: 'bad' };

/** /admin/stores 店舗: the search form (its values and the page in the URL) and the paged list. */
export function StoresPage() {
  const list = useListParams(KEYS);
  const query = useQuery(adminStoresQuery(list.filters, list.page));
  const types = useStoreTypes();
  const data = query.data;

  // The last page shrank under the admin (a store hidden elsewhere): step back.
  const lastPage = data ? Math.max(1, Math.ceil(data.total / CONSOLE_PAGE_SIZE)) : 1;
  const pastTheEnd = !query.isPlaceholderData && data !== undefined && data.data.length === 0 && list.page > lastPage;
  useEffect(() => {
    if (pastTheEnd) list.clampPage(lastPage);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pastTheEnd, lastPage]);

  return (
    <AdminPage>
      <section aria-labelledby="admin-stores-title">
        <h2 id="admin-stores-title" className={styles.listTitle}>
          {ta('stores.title')}
        </h2>
        <StoreFilterForm key={JSON.stringify(list.filters)} initial={list.filters} onSearch={list.setFilters} />
        <div aria-busy={query.isFetching}>
          {!data ? (
            <LoadState error={query.error} onRetry={() => void query.refetch()} />
          ) : (
            <>
              {query.isError && <LoadState error={query.error} onRetry={() => void query.refetch()} />}
              <ListSummary total={data.total} page={list.page} pageSize={CONSOLE_PAGE_SIZE} shown={data.data.length} />
              {data.data.length === 0 ? (
                <p className={styles.empty}>{ta('stores.empty')}</p>
              ) : (
                <div className={styles.tableWrap}>
                  <table className={styles.table}>
                    <caption className="visually-hidden">{ta('stores.title')}</caption>
                    <thead>
                      <tr>
                        <th scope="col">{ta('common.id')}</th>
                        <th scope="col">{ta('stores.name')}</th>
                        <th scope="col">{ta('stores.place')}</th>
                        <th scope="col">{ta('stores.type')}</th>
                        <th scope="col">{ta('stores.status')}</th>
                        <th scope="col">{ta('stores.source')}</th>
                        <th scope="col">{ta('stores.updated')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.data.map((store) => (
                        <tr key={store.id} data-testid="store-row">
                          <td data-label={ta('common.id')} className={styles.num}>
                            {store.id}
                          </td>
                          <td className={styles.lead}>
                            <Link to={paths.adminStore.getHref(store.id)}>{store.name}</Link>
                            {store.admin_edited.length > 0 && (
                              <>
                                {' '}
                                <Badge tone="info">{ta('stores.edited')}</Badge>
                              </>
                            )}
                          </td>
                          <td data-label={ta('stores.place')}>
                            {store.prefecture_name ?? prefectureName(store.prefecture)}
                            {store.city ? ` ${store.city}` : ''}
                            {store.address && <span className={styles.sub}>{store.address}</span>}
                          </td>
                          <td data-label={ta('stores.type')}>{types.get(store.store_type)?.label ?? store.store_type}</td>
                          <td data-label={ta('stores.status')}>
                            <Badge tone={STATUS_TONE[store.status]}>{ta(`status.${store.status}`)}</Badge>
                            {store.status_note && <span className={styles.sub}>{store.status_note}</span>}
                          </td>
                          <td data-label={ta('stores.source')}>{sourceLabel(store.source)}</td>
                          <td data-label={ta('stores.updated')} className={styles.num}>
                            {formatDateTime(store.updated_at ?? store.created_at)}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
              <ListPager page={list.page} total={data.total} pageSize={CONSOLE_PAGE_SIZE} onChange={list.setPage} />
            </>
          )}
        </div>
      </section>
    </AdminPage>
  );
}

export function sourceLabel(source: string): string {
  return (STORE_SOURCES as readonly string[]).includes(source) ? ta(`source.${source as (typeof STORE_SOURCES)[number]}`) : source;
}

function StoreFilterForm({ initial, onSearch }: { initial: StoreFilters; onSearch: (filters: StoreFilters) => void }) {
  const [values, setValues] = useState(initial);
  const [showErrors, setShowErrors] = useState(false);
  const types = useInitialData().data?.store_types ?? [];
  const set = (key: keyof StoreFilters) => (event: { target: { value: string } }) => setValues({ ...values, [key]: event.target.value });
  const qError = charLength(values.q.trim()) > MAX_STORE_QUERY_CHARS ? ta('stores.qTooLong', { max: MAX_STORE_QUERY_CHARS }) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (qError) return;
    onSearch({ ...values, q: values.q.trim() });
  };

  return (
    <form className={styles.filters} onSubmit={submit} role="search" aria-label={ta('stores.filters')} noValidate>
      <div className={styles.wide}>
        <Field label={ta('stores.q')} error={showErrors ? qError : null}>
          <input className={form.input} name="q" type="search" value={values.q} onChange={set('q')} placeholder={ta('stores.qPlaceholder')} />
        </Field>
      </div>
      <Field label={ta('stores.prefecture')}>
        <select className={form.select} name="prefecture" value={values.prefecture} onChange={set('prefecture')}>
          <option value="">{ta('common.all')}</option>
          {PREFECTURE_OPTIONS.map((p) => (
            <option key={p.code} value={p.code}>
              {p.name}
            </option>
          ))}
        </select>
      </Field>
      <Field label={ta('stores.type')}>
        <select className={form.select} name="type" value={values.type} onChange={set('type')}>
          <option value="">{ta('common.all')}</option>
          {types.map((type) => (
            <option key={type.key} value={type.key}>
              {type.label}
            </option>
          ))}
          {values.type && !types.some((type) => type.key === values.type) && <option value={values.type}>{values.type}</option>}
        </select>
      </Field>
      <Field label={ta('stores.status')}>
        <select className={form.select} name="status" value={values.status} onChange={set('status')}>
          <option value="">{ta('common.all')}</option>
          {STORE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {ta(`status.${status}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field label={ta('stores.source')}>
        <select className={form.select} name="source" value={values.source} onChange={set('source')}>
          <option value="">{ta('common.all')}</option>
          {STORE_SOURCES.map((source) => (
            <option key={source} value={source}>
              {ta(`source.${source}`)}
            </option>
          ))}
        </select>
      </Field>
      <div className={styles.filterActions}>
        <button type="submit" className={ui.primary}>
          {ta('common.search')}
        </button>
        <button type="button" className={ui.secondary} onClick={() => onSearch({ q: '', prefecture: '', type: '', status: '', source: '' })}>
          {ta('common.clear')}
        </button>
      </div>
    </form>
  );
}
