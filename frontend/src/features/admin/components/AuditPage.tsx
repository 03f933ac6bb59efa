import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/Field';
import { ta } from '@/i18n/ja-admin';
import form from '@/styles/form.module.css';
import ui from '@/styles/ui.module.css';
import { adminAuditQuery } from '../api/console';
import { CONSOLE_PAGE_SIZE } from '../config';
import { actionLabel, isIdText, targetLabel, useListParams } from '../lib/console';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '../types/console';
import { AdminPage, ListPager, ListSummary, LoadState } from './AdminPage';
import { AuditList } from './AuditList';
import styles from './console.module.css';

const KEYS = ['target_type', 'target_id', 'actor_id', 'action'] as const;
type AuditFilters = Record<(typeof KEYS)[number], string>;
const EMPTY: AuditFilters = { target_type: '', target_id: '', actor_id: '', action: '' };

/** /admin/audit 履歴: every admin action, newest first, filtered by target, actor and action (all in the URL). */
export function AuditPage() {
  const list = useListParams(KEYS);
  const query = useQuery(adminAuditQuery(list.filters, list.page));
  const data = query.data;

  return (
    <AdminPage>
      <section aria-labelledby="admin-audit-title">
        <h2 id="admin-audit-title" className={styles.listTitle}>
          {ta('audit.title')}
        </h2>
        <AuditFilterForm key={JSON.stringify(list.filters)} initial={list.filters} onSearch={list.setFilters} />
        <div aria-busy={query.isFetching}>
          {!data ? (
            <LoadState error={query.error} onRetry={() => void query.refetch()} />
          ) : (
            <>
              {query.isError && <LoadState error={query.error} onRetry={() => void query.refetch()} />}
              <ListSummary total={data.total} page={list.page} pageSize={CONSOLE_PAGE_SIZE} shown={data.data.length} />
              {data.data.length === 0 ? <p className={styles.empty}>{ta('audit.empty')}</p> : <AuditList entries={data.data} />}
              <ListPager page={list.page} total={data.total} pageSize={CONSOLE_PAGE_SIZE} onChange={list.setPage} />
            </>
          )}
        </div>
      </section>
    </AdminPage>
  );
}

function AuditFilterForm({ initial, onSearch }: { initial: AuditFilters; onSearch: (filters: AuditFilters) => void }) {
  const [values, setValues] = useState(initial);
  const [showErrors, setShowErrors] = useState(false);
  const set = (key: keyof AuditFilters) => (event: { target: { value: string } }) => setValues({ ...values, [key]: event.target.value.trim() });
  const actorError = isIdText(values.actor_id) ? null : ta('reports.idInvalid');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (actorError) return;
    onSearch(values);
  };

  return (
    <form className={styles.filters} onSubmit={submit} role="search" aria-label={ta('audit.filters')} noValidate>
      <Field label={ta('audit.targetType')}>
        <select className={form.select} name="target_type" value={values.target_type} onChange={set('target_type')}>
          <option value="">{ta('common.all')}</option>
          {AUDIT_TARGET_TYPES.map((type) => (
            <option key={type} value={type}>
              {targetLabel(type)}
            </option>
          ))}
        </select>
      </Field>
      <Field label={ta('audit.targetId')}>
        <input className={form.input} name="target_id" value={values.target_id} onChange={set('target_id')} autoComplete="off" />
      </Field>
      <Field label={ta('audit.actorId')} error={showErrors ? actorError : null}>
        <input className={form.input} name="actor_id" inputMode="numeric" value={values.actor_id} onChange={set('actor_id')} />
      </Field>
      <Field label={ta('audit.action')}>
        <select className={form.select} name="action" value={values.action} onChange={set('action')}>
          <option value="">{ta('common.all')}</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {actionLabel(action)}
            </option>
          ))}
        </select>
      </Field>
      <div className={styles.filterActions}>
        <button type="submit" className={ui.primary}>
          {ta('common.search')}
        </button>
        <button type="button" className={ui.secondary} onClick={() => onSearch(EMPTY)}>
          {ta('common.clear')}
        </button>
      </div>
    </form>
  );
}
