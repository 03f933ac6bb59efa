import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/Field';
import { ta } from '@/i18n/ja-admin';
import form from '@/styles/form.module.css';
import ui from '@/styles/ui.module.css';
import { adminReportsQuery, bulkDeleteReports, countReports, useConsoleMutation } from '../api/console';
import { MAX_BULK_DELETE_DAYS } from '../config';
import { daySpan, errorText, formatDateTime, isIdText, japanDayEnd, japanDayStart, PREFECTURE_FILTER, useListParams } from '../lib/console';
import { REPORT_KINDS } from '../types/console';
import { AdminPage, FilterActions, FilterSelect, ListSection, Notice, type NoticeState } from './AdminPage';
import { ConfirmDialog } from './ConfirmDialog';
import { ReportTable } from './ReportTable';
import styles from './console.module.css';

const KEYS = ['store_id', 'user_id', 'prefecture', 'kind', 'from', 'to'] as const;
type ReportFilters = Record<(typeof KEYS)[number], string>;
const EMPTY: ReportFilters = { store_id: '', user_id: '', prefecture: '', kind: '', from: '', to: '' };

/** /admin/reports 報告: filters in the URL, the paged list with 削除, and the bulk delete of one user's reports. */
export function ReportsPage() {
  const list = useListParams(KEYS);
  const query = useQuery(adminReportsQuery(list.filters, list.page));
  const [notice, setNotice] = useState<NoticeState | null>(null);

  return (
    <AdminPage>
      <Notice notice={notice} />
      <ListSection
        id="admin-reports-title"
        className={styles.section}
        title={ta('reports.title')}
        filters={<ReportFilterForm key={JSON.stringify(list.filters)} initial={list.filters} onSearch={list.setFilters} />}
        query={query}
        list={list}
        empty={ta('reports.empty')}
      >
        {(items) => <ReportTable reports={items} caption={ta('reports.title')} onNotice={setNotice} />}
      </ListSection>
      <section aria-labelledby="admin-bulk-title" className={`${styles.card} ${styles.section}`}>
        <h2 id="admin-bulk-title" className={styles.listTitle}>
          {ta('reports.bulk')}
        </h2>
        <BulkDelete defaultUserId={list.filters.user_id} onNotice={setNotice} />
      </section>
    </AdminPage>
  );
}

function ReportFilterForm({ initial, onSearch }: { initial: ReportFilters; onSearch: (filters: ReportFilters) => void }) {
  const [values, setValues] = useState(initial);
  const [showErrors, setShowErrors] = useState(false);
  const set = (key: keyof ReportFilters) => (event: { target: { value: string } }) => setValues({ ...values, [key]: event.target.value.trim() });
  const storeError = isIdText(values.store_id) ? null : ta('reports.idInvalid');
  const userError = isIdText(values.user_id) ? null : ta('reports.idInvalid');
  const dateError = values.from && values.to && values.from > values.to ? ta('reports.dateOrder') : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (storeError || userError || dateError) return;
    onSearch(values);
  };

  return (
    <form className={styles.filters} onSubmit={submit} role="search" aria-label={ta('reports.filters')} noValidate>
      <Field label={ta('reports.storeId')} error={showErrors ? storeError : null}>
        <input className={form.input} name="store_id" inputMode="numeric" value={values.store_id} onChange={set('store_id')} />
      </Field>
      <Field label={ta('reports.userId')} error={showErrors ? userError : null}>
        <input className={form.input} name="user_id" inputMode="numeric" value={values.user_id} onChange={set('user_id')} />
      </Field>
      <FilterSelect label={ta('reports.prefecture')} name="prefecture" value={values.prefecture} onChange={set('prefecture')} options={PREFECTURE_FILTER} />
      <FilterSelect label={ta('reports.kind')} name="kind" value={values.kind} onChange={set('kind')} options={REPORT_KINDS.map((v) => ({ value: v, label: ta(`reports.kind.${v}`) }))} />
      <Field label={ta('reports.from')}>
        <input className={form.input} name="from" type="date" value={values.from} onChange={set('from')} />
      </Field>
      <Field label={ta('reports.to')} error={showErrors ? dateError : null}>
        <input className={form.input} name="to" type="date" value={values.to} onChange={set('to')} />
      </Field>
      <FilterActions onClear={() => onSearch(EMPTY)} />
    </form>
  );
}

/**
 * Spam clean-up: every report one user sent between two Japan calendar days (inclusive).
 * The confirmation says how many will go, counted first with the list call and the same
 * user and days; the server answers with the number it deleted.
 */
function BulkDelete({ defaultUserId, onNotice }: { defaultUserId: string; onNotice: (notice: NoticeState) => void }) {
  const [userId, setUserId] = useState(defaultUserId);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [count, setCount] = useState<{ state: 'loading' | 'known' | 'unknown'; n: number }>({ state: 'loading', n: 0 });
  const run = useConsoleMutation(bulkDeleteReports, { publicStores: true });

  const userError = userId === '' ? ta('reports.bulkUserRequired') : isIdText(userId) ? null : ta('reports.idInvalid');
  const span = daySpan(from, to);
  const rangeError =
    span === null
      ? ta('reports.bulkRangeRequired')
      : span < 1
        ? ta('reports.bulkRangeOrder')
        : span > MAX_BULK_DELETE_DAYS
          ? ta('reports.bulkRangeTooLong', { days: MAX_BULK_DELETE_DAYS })
          : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (userError || rangeError) return;
    run.reset();
    setConfirming(true);
    setCount({ state: 'loading', n: 0 });
    countReports({ user_id: userId, from, to }).then(
      (n) => setCount({ state: 'known', n }),
      () => setCount({ state: 'unknown', n: 0 }),
    );
  };

  const confirm = () => {
    const start = japanDayStart(from);
    const end = japanDayEnd(to);
    if (!start || !end) return;
    run.mutate(
      { user_id: Number(userId), from: start, to: end },
      {
        onSuccess: (result) => {
          setConfirming(false);
          onNotice({ type: 'success', text: result.message || ta('common.done') });
        },
      },
    );
  };

  const countText =
    count.state === 'loading' ? ta('reports.bulkCounting') : count.state === 'known' ? ta('reports.bulkCount', { n: count.n }) : ta('reports.bulkCountUnknown');

  return (
    <>
      <p className={styles.sub}>{ta('reports.bulkHint', { days: MAX_BULK_DELETE_DAYS })}</p>
      <form className={styles.filters} onSubmit={submit} noValidate aria-label={ta('reports.bulk')}>
        <Field label={ta('reports.userId')} required error={showErrors ? userError : null}>
          <input className={form.input} name="bulk_user_id" inputMode="numeric" value={userId} onChange={(e) => setUserId(e.target.value.trim())} />
        </Field>
        <Field label={ta('reports.from')} required>
          <input className={form.input} name="bulk_from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </Field>
        <Field label={ta('reports.to')} required error={showErrors ? rangeError : null}>
          <input className={form.input} name="bulk_to" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </Field>
        <div className={styles.filterActions}>
          <button type="submit" className={`${ui.secondary} ${styles.danger}`}>
            {ta('reports.bulkButton')}
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        title={ta('reports.bulk')}
        message={
          <>
            <p>{ta('reports.bulkConfirm', { user: userId, from: formatDay(from), to: formatDay(to) })}</p>
            <p aria-live="polite" data-testid="bulk-count">
              <strong>{countText}</strong> {ta('reports.bulkIrreversible')}
            </p>
          </>
        }
        confirmLabel={ta('reports.bulkButton')}
        busyLabel={ta('common.deleting')}
        busy={run.isPending}
        error={run.isError ? errorText(run.error) : null}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

/** "2026-11-23" → "2026/11/23" (the day as typed, Japan time). */
function formatDay(date: string): string {
  const start = japanDayStart(date);
  return start ? formatDateTime(start).slice(0, 10) : date;
}
