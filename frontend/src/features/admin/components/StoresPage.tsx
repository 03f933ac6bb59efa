import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useInitialData, useStoreTypes } from '@/api/initial-data';
import { Field } from '@/components/ui/Field';
import { paths } from '@/config/paths';
import { ta } from '@/i18n/ja-admin';
import { charLength } from '@/lib/validation';
import form from '@/styles/form.module.css';
import { adminStoresQuery } from '../api/console';
import { MAX_STORE_QUERY_CHARS } from '../config';
import { formatDateTime, prefectureName, PREFECTURE_FILTER, useListParams } from '../lib/console';
import { STORE_SOURCES, STORE_STATUSES } from '../types/console';
import { AdminPage, Badge, ConsoleTable, FilterActions, FilterSelect, ListSection, type Tone } from './AdminPage';
import styles from './console.module.css';

const KEYS = ['q', 'prefecture', 'type', 'status', 'source'] as const;
type StoreFilters = Record<(typeof KEYS)[number], string>;

export const STATUS_TONE: Record<string, Tone> = { active: 'ok', hidden: 'warn', closed: 'bad' };

/** /admin/stores 店舗: the search form (its values and the page in the URL) and the paged list. */
export function StoresPage() {
  const list = useListParams(KEYS);
  const query = useQuery(adminStoresQuery(list.filters, list.page));
  const types = useStoreTypes();

  return (
    <AdminPage>
      <ListSection
        id="admin-stores-title"
        title={ta('stores.title')}
        filters={<StoreFilterForm key={JSON.stringify(list.filters)} initial={list.filters} onSearch={list.setFilters} />}
        query={query}
        list={list}
        empty={ta('stores.empty')}
      >
        {(items) => (
          <ConsoleTable
            caption={ta('stores.title')}
            columns={[ta('common.id'), ta('stores.name'), ta('stores.place'), ta('stores.type'), ta('stores.status'), ta('stores.source'), ta('stores.updated')]}
          >
            {items.map((store) => (
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
          </ConsoleTable>
        )}
      </ListSection>
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
      <FilterSelect label={ta('stores.prefecture')} name="prefecture" value={values.prefecture} onChange={set('prefecture')} options={PREFECTURE_FILTER} />
      <FilterSelect label={ta('stores.type')} name="type" value={values.type} onChange={set('type')} options={types.map((type) => ({ value: type.key, label: type.label }))} />
      <FilterSelect label={ta('stores.status')} name="status" value={values.status} onChange={set('status')} options={STORE_STATUSES.map((v) => ({ value: v, label: ta(`status.${v}`) }))} />
      <FilterSelect label={ta('stores.source')} name="source" value={values.source} onChange={set('source')} options={STORE_SOURCES.map((v) => ({ value: v, label: ta(`source.${v}`) }))} />
      <FilterActions onClear={() => onSearch({ q: '', prefecture: '', type: '', status: '', source: '' })} />
    </form>
  );
}
