import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, type ChangeEvent, type ReactNode } from 'react';
import { Field } from '@/components/ui/Field';
import { Alert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import { t } from '@/i18n/ja';
import { formatNumber } from '@/lib/format';
import { ta } from '@/i18n/ja-admin';
import form from '@/styles/form.module.css';
import ui from '@/styles/ui.module.css';
import { AdminTabs } from '../AdminTabs';
import { CONSOLE_PAGE_SIZE } from '../config';
import { errorText } from '../lib/console';
import type { Paged } from '../types/console';
import { Pager } from './Pager';
import admin from './admin.module.css';
import styles from './console.module.css';

/** Every console page: the 管理画面 heading and the tab bar above the tab's own content. */
export function AdminPage({ children }: { children: ReactNode }) {
  return (
    <div className={admin.page}>
      <h1 className={ui.pageTitle}>{t('admin.title')}</h1>
      <AdminTabs />
      {children}
    </div>
  );
}

/** Loading (a spinner) or a failed load (the message and 再読み込み). */
export function LoadState({ error, onRetry }: { error?: unknown; onRetry?: () => void }) {
  if (!error) return <Spinner label={ta('common.loading')} />;
  return (
    <div className={admin.error}>
      <Alert type="error">{errorText(error)}</Alert>
      {onRetry && (
        <button type="button" className={ui.secondary} onClick={onRetry}>
          {ta('common.retry')}
        </button>
      )}
    </div>
  );
}

/** "全N件 ・ a〜b件目" (or "N件以上" when the server stopped counting) above a paged list. */
export function ListSummary({ total, capped = false, page, pageSize, shown }: { total: number; capped?: boolean; page: number; pageSize: number; shown: number }) {
  const from = (page - 1) * pageSize + 1;
  return (
    <p className={admin.summary} data-testid="list-total" aria-live="polite">
      {ta(capped ? 'common.totalAtLeast' : 'common.total', { n: formatNumber(total) })}
      {shown > 0 && total > shown && <span> ・ {ta('common.range', { from: formatNumber(from), to: formatNumber(from + shown - 1) })}</span>}
    </p>
  );
}

/** The shared 前のページ / 次のページ pager, 1-based as the API and the URL count pages. */
export function ListPager({ page, total, pageSize, onChange }: { page: number; total: number; pageSize: number; onChange: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return <Pager page={page - 1} pages={pages} onChange={(next) => onChange(next + 1)} />;
}

export type Tone = 'ok' | 'warn' | 'bad' | 'info' | undefined;

export function Badge({ tone, children }: { tone?: Tone; children: ReactNode }) {
  return (
    <span className={styles.badge} data-tone={tone}>
      {children}
    </span>
  );
}

export interface NoticeState {
  type: 'success' | 'error';
  text: string;
}

/** The outcome of the last write on a page: the server's message, or its refusal. */
export function Notice({ notice }: { notice: NoticeState | null }) {
  if (!notice) return null;
  return (
    <div className={styles.notice} data-testid="admin-notice">
      <Alert type={notice.type}>{notice.text}</Alert>
    </div>
  );
}

interface PagedListProps<T> {
  query: UseQueryResult<Paged<T>>;
  page: number;
  onPage: (page: number) => void;
  /** Replaces the page in the URL (the last page shrank under the admin). */
  onClamp: (page: number) => void;
  empty: string;
  children: (items: T[]) => ReactNode;
}

/**
 * The body of every paged console list: loading, a failed load with 再読み込み, "全N件",
 * the empty text or the rows, and the pager. A page past the end (the last rows were
 * deleted) steps back to the last page that has some.
 */
export function PagedList<T>({ query, page, onPage, onClamp, empty, children }: PagedListProps<T>) {
  const data = query.data;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / CONSOLE_PAGE_SIZE)) : 1;
  const pastTheEnd = !query.isPlaceholderData && data !== undefined && data.data.length === 0 && page > lastPage;
  useEffect(() => {
    if (pastTheEnd) onClamp(lastPage);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pastTheEnd, lastPage]);

  const retry = () => void query.refetch();
  return (
    <div aria-busy={query.isFetching}>
      {!data ? (
        <LoadState error={query.error} onRetry={retry} />
      ) : (
        <>
          {query.isError && <LoadState error={query.error} onRetry={retry} />}
          <ListSummary total={data.total} capped={data.total_capped} page={page} pageSize={CONSOLE_PAGE_SIZE} shown={data.data.length} />
          {data.data.length === 0 ? <p className={admin.empty}>{empty}</p> : children(data.data)}
          <ListPager page={page} total={data.total} pageSize={CONSOLE_PAGE_SIZE} onChange={onPage} />
        </>
      )}
    </div>
  );
}

/** The URL state a console list page keeps (useListParams). */
interface ListState {
  page: number;
  setPage: (page: number) => void;
  clampPage: (page: number) => void;
}

interface ListSectionProps<T> {
  /** The heading's id, for the section's aria-labelledby. */
  id: string;
  title: string;
  /** The search form above the list. */
  filters: ReactNode;
  query: UseQueryResult<Paged<T>>;
  list: ListState;
  empty: string;
  className?: string;
  children: (items: T[]) => ReactNode;
}

/** A console list page's section: its heading, the search form, and the paged list under it. */
export function ListSection<T>({ id, title, filters, query, list, empty, className, children }: ListSectionProps<T>) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className={styles.listTitle}>
        {title}
      </h2>
      {filters}
      <PagedList query={query} page={list.page} onPage={list.setPage} onClamp={list.clampPage} empty={empty}>
        {children}
      </PagedList>
    </section>
  );
}

/**
 * A console table: its caption for screen readers, one header cell a column (false leaves a
 * column out), and the rows. A table on desktop, one card a row on a phone (console.module.css).
 */
export function ConsoleTable({ caption, columns, children }: { caption: string; columns: readonly ReactNode[]; children: ReactNode }) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map(
              (column, i) =>
                column !== false && (
                  <th key={i} scope="col">
                    {column}
                  </th>
                ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A filter's select: すべて ('') first, then the options. */
export function FilterSelect(props: {
  label: string;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  options: readonly { value: string; label: string }[];
}) {
  const { label, name, value, onChange, options } = props;
  return (
    <Field label={label}>
      <select className={form.select} name={name} value={value} onChange={onChange}>
        <option value="">{ta('common.all')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {value && !options.some((option) => option.value === value) && <option value={value}>{value}</option>}
      </select>
    </Field>
  );
}

/** 検索 and, when there is something to clear, 条件をクリア. */
export function FilterActions({ onClear }: { onClear?: () => void }) {
  return (
    <div className={styles.filterActions}>
      <button type="submit" className={ui.primary}>
        {ta('common.search')}
      </button>
      {onClear && (
        <button type="button" className={ui.secondary} onClick={onClear}>
          {ta('common.clear')}
        </button>
      )}
    </div>
  );
}
