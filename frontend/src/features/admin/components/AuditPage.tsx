import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/Field';
import { ta } from '@/i18n/ja-admin';
import form from '@/styles/form.module.css';
import { adminAuditQuery } from '../api/console';
import { actionLabel, isIdText, targetLabel, useListParams } from '../lib/console';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '../types/console';
import { AdminPage, FilterActions, FilterSelect, ListSection } from './AdminPage';
import { AuditList } from './AuditList';
import styles from './console.module.css';

const KEYS = ['target_type', 'target_id', 'actor_id', 'action'] as const;
type AuditFilters = Record<(typeof KEYS)[number], string>;
const EMPTY: AuditFilters = { target_type: '', target_id: '', actor_id: '', action: '' };

/** /admin/audit 履歴: every admin action, newest first, filtered by target, actor and action (all in the URL). */
export function AuditPage() {
  const list = useListParams(KEYS);
  const query = useQuery(adminAuditQuery(list.filters, list.page));

  return (
    <AdminPage>
      <ListSection
        id="admin-audit-title"
        title={ta('audit.title')}
        filters={<AuditFilterForm key={JSON.stringify(list.filters)} initial={list.filters} onSearch={list.setFilters} />}
        query={query}
        list={list}
        empty={ta('audit.empty')}
      >
        {(items) => <AuditList entries={items} />}
      </ListSection>
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
      <FilterSelect label={ta('audit.targetType')} name="target_type" value={values.target_type} onChange={set('target_type')} options={AUDIT_TARGET_TYPES.map((v) => ({ value: v, label: targetLabel(v) }))} />
      <Field label={ta('audit.targetId')}>
        <input className={form.input} name="target_id" value={values.target_id} onChange={set('target_id')} autoComplete="off" />
      </Field>
      <Field label={ta('audit.actorId')} error={showErrors ? actorError : null}>
        <input className={form.input} name="actor_id" inputMode="numeric" value={values.actor_id} onChange={set('actor_id')} />
      </Field>
      <FilterSelect label={ta('audit.action')} name="action" value={values.action} onChange={set('action')} options={AUDIT_ACTIONS.map((v) => ({ value: v, label: actionLabel(v) }))} />
      <FilterActions onClear={() => onSearch(EMPTY)} />
    </form>
  );
}
