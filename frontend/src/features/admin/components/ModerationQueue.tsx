import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import { t } from '@/i18n/ja';
import ui from '@/styles/ui.module.css';
import { useSubmissions } from '../api/submissions';
import { ADMIN_PAGE_SIZE } from '../config';
import { EMPTY_LABEL } from '../lib/review';
import { SUBMISSION_STATUSES, type SubmissionStatus } from '../types/submission';
import { Pager } from './Pager';
import { AdminPage } from './AdminPage';
import { StatusTabs, panelId, tabId } from './StatusTabs';
import { SubmissionCard } from './SubmissionCard';
import styles from './admin.module.css';

function parseStatus(value: string | null): SubmissionStatus {
  return SUBMISSION_STATUSES.find((s) => s === value) ?? 'pending';
}

function parsePage(value: string | null): number {
  const page = Number(value) - 1;
  return Number.isInteger(page) && page > 0 ? page : 0;
}

/**
 * /admin 管理画面, the 審査 tab: the moderation queue (PRODUCT §5, §8). The tab and page live in the URL
 * (?status=approved&page=2) so a reload or the back button keeps the admin's place.
 */
export function ModerationQueue() {
  const [params, setParams] = useSearchParams();
  const status = parseStatus(params.get('status'));
  const page = parsePage(params.get('page'));
  const query = useSubmissions(status, page);
  const summaryRef = useRef<HTMLParagraphElement>(null);

  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  const items = query.data?.data ?? [];

  const go = (next: { status?: SubmissionStatus; page?: number }) => {
    const nextStatus = next.status ?? status;
    const nextPage = next.page ?? 0;
    const search: Record<string, string> = {};
    if (nextStatus !== 'pending') search.status = nextStatus;
    if (nextPage > 0) search.page = String(nextPage + 1);
    setParams(search, { replace: next.status !== undefined });
  };

  // The last card of the last page was reviewed: step back to the page that still has some.
  const lastPage = pages - 1;
  const pastTheEnd = !query.isPlaceholderData && query.data !== undefined && items.length === 0 && page > lastPage;
  useEffect(() => {
    if (pastTheEnd) go({ page: lastPage });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pastTheEnd, lastPage]);

  const from = page * ADMIN_PAGE_SIZE + 1;
  const to = page * ADMIN_PAGE_SIZE + items.length;

  return (
    <AdminPage>
      <section aria-labelledby="admin-queue-title">
        <h2 id="admin-queue-title" className={styles.sectionTitle}>
          {t('admin.queueTitle')}
        </h2>
        <StatusTabs status={status} onSelect={(next) => next !== status && go({ status: next })} />
        <div
          role="tabpanel"
          id={panelId(status)}
          aria-labelledby={tabId(status)}
          className={styles.panel}
          aria-busy={query.isFetching}
        >
          {query.isPending ? (
            <Spinner label={t('common.loading')} />
          ) : query.isError ? (
            <div className={styles.error}>
              <Alert type="error">{query.error.message || t('admin.loadError')}</Alert>
              <button type="button" className={ui.secondary} onClick={() => void query.refetch()}>
                {t('common.retry')}
              </button>
            </div>
          ) : (
            <>
              <p ref={summaryRef} tabIndex={-1} className={styles.summary} data-testid="admin-total">
                {t('admin.total', { n: total })}
                {items.length > 0 && total > items.length && <span> ・ {t('admin.range', { from, to })}</span>}
              </p>
              {items.length === 0 ? (
                <p className={styles.empty}>{t(EMPTY_LABEL[status])}</p>
              ) : (
                <ul className={styles.list}>
                  {items.map((submission) => (
                    <li key={submission.id}>
                      <SubmissionCard submission={submission} onReviewed={() => summaryRef.current?.focus()} />
                    </li>
                  ))}
                </ul>
              )}
              <Pager page={page} pages={pages} onChange={(next) => go({ page: next })} />
            </>
          )}
        </div>
      </section>
    </AdminPage>
  );
}
