import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import { t } from '@/i18n/ja';
import { ta } from '@/i18n/ja-admin';
import ui from '@/styles/ui.module.css';
import { AdminTabs } from '../AdminTabs';
import { errorText } from '../lib/console';
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
    <div className={styles.state}>
      <Alert type="error">{errorText(error)}</Alert>
      {onRetry && (
        <button type="button" className={ui.secondary} onClick={onRetry}>
          {ta('common.retry')}
        </button>
      )}
    </div>
  );
}

/** "全N件 ・ a〜b件目" above a paged list. */
export function ListSummary({ total, page, pageSize, shown }: { total: number; page: number; pageSize: number; shown: number }) {
  const from = (page - 1) * pageSize + 1;
  return (
    <p className={styles.summary} data-testid="list-total" aria-live="polite">
      {ta('common.total', { n: total })}
      {shown > 0 && total > shown && <span> ・ {ta('common.range', { from, to: from + shown - 1 })}</span>}
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
