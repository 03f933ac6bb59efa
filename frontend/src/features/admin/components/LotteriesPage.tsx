import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Field } from '@/components/ui/Field';
import { paths } from '@/config/paths';
import { ta } from '@/i18n/ja-admin';
import { tlMaybe } from '@/i18n/ja-lottery';
import form from '@/styles/form.module.css';
import ui from '@/styles/ui.module.css';
import { adminLotteriesQuery, reviewLottery, useConsoleMutation, type LotteryReview } from '../api/console';
import { errorText, formatDateTime, prefectureName, useListParams } from '../lib/console';
import { LOTTERY_STATUSES, type AdminLottery } from '../types/console';
import { AdminPage, Badge, ListSection, Notice, type NoticeState } from './AdminPage';
import { ConfirmDialog } from './ConfirmDialog';
import styles from './console.module.css';

const KEYS = ['status'] as const;

/** A method's or condition's label, shared with the lottery pages' texts; the name itself when unknown. */
function label(kind: 'method' | 'condition', name: string): string {
  return tlMaybe(`${kind}.${name}`) ?? name;
}

/**
 * /admin/lotteries 抽選: lottery entries by status (確認待ち first), each with what a
 * reviewer checks (store, product, window, methods, conditions, the announcement) and
 * 承認 / 却下 (with a reason) / 非表示. Every review is audit-logged by the server.
 */
export function LotteriesPage() {
  const list = useListParams(KEYS);
  const filters = { status: list.filters.status || 'pending' };
  const query = useQuery(adminLotteriesQuery(filters, list.page));
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const [pending, setPending] = useState<{ lottery: AdminLottery; kind: 'reject' | 'hide' } | null>(null);
  const [reason, setReason] = useState('');
  const [showReasonError, setShowReasonError] = useState(false);
  const review = useConsoleMutation(({ lottery, review: r }: { lottery: AdminLottery; review: LotteryReview }) => reviewLottery(lottery.id, r));

  const run = (lottery: AdminLottery, r: LotteryReview) =>
    review.mutate(
      { lottery, review: r },
      {
        onSuccess: (result) => {
          setPending(null);
          setReason('');
          setNotice({ type: 'success', text: result.message });
        },
        onError: (error) => {
          if (r.kind === 'approve') setNotice({ type: 'error', text: errorText(error) });
        },
      },
    );

  const confirm = () => {
    if (!pending) return;
    if (pending.kind === 'reject') {
      setShowReasonError(true);
      if (!reason.trim()) return;
      run(pending.lottery, { kind: 'reject', reason: reason.trim() });
    } else {
      run(pending.lottery, { kind: 'hide' });
    }
  };

  return (
    <AdminPage>
      {/* Above the list: the last entry approved leaves an empty list, and the message must stay. */}
      <Notice notice={notice} />
      <ListSection
        id="admin-lotteries-title"
        title={ta('lotteries.title')}
        filters={
          <div className={styles.filters} role="group" aria-label={ta('lotteries.filters')}>
            {LOTTERY_STATUSES.map((status) => (
              <button
                key={status}
                type="button"
                className={`${filters.status === status ? ui.primary : ui.secondary} ${styles.small}`}
                aria-pressed={filters.status === status}
                onClick={() => list.setFilters({ status: status === 'pending' ? '' : status })}
              >
                {ta(`lotteries.status.${status}`)}
              </button>
            ))}
          </div>
        }
        query={query}
        list={list}
        empty={ta('lotteries.empty')}
      >
        {(items) => (
          <>
            <ul className={styles.auditList}>
              {items.map((lottery) => (
                <li key={lottery.id} className={styles.card} data-testid="admin-lottery">
                  <div className={styles.sectionHead}>
                    <strong>{lottery.product.name}</strong>
                    <Badge tone={lottery.status === 'approved' ? 'ok' : lottery.status === 'pending' ? 'info' : 'warn'}>{ta(`lotteries.status.${lottery.status}`)}</Badge>
                  </div>
                  <dl className={styles.facts}>
                    <div>
                      <dt>{ta('reports.store')}</dt>
                      <dd>
                        <Link to={paths.adminStore.getHref(lottery.store.id)}>{lottery.store.name}</Link>
                        <span className={styles.sub}>{prefectureName(lottery.store.prefecture)}</span>
                      </dd>
                    </div>
                    <div>
                      <dt>{ta('lotteries.window')}</dt>
                      <dd>
                        {formatDateTime(lottery.apply_start)} 〜 {formatDateTime(lottery.apply_end)}
                      </dd>
                    </div>
                    <div>
                      <dt>{ta('lotteries.methods')}</dt>
                      <dd>{lottery.methods.map((m) => label('method', m)).join('・')}</dd>
                    </div>
                    <div>
                      <dt>{ta('lotteries.conditions')}</dt>
                      <dd>
                        {lottery.conditions.map((c) => label('condition', c)).join('・') || ta('common.none')}
                        {lottery.condition_note && <span className={styles.sub}>{lottery.condition_note}</span>}
                      </dd>
                    </div>
                    {lottery.source_url && (
                      <div>
                        <dt>{ta('lotteries.source')}</dt>
                        <dd>
                          <a href={lottery.source_url} target="_blank" rel="noopener nofollow ugc">
                            {lottery.source_url}
                          </a>
                        </dd>
                      </div>
                    )}
                    <div>
                      <dt>{ta('lotteries.author')}</dt>
                      <dd>{lottery.author_id === null ? ta('lotteries.demoAuthor') : <Link to={paths.adminUser.getHref(lottery.author_id)}>#{lottery.author_id}</Link>}</dd>
                    </div>
                  </dl>
                  <div className={`${styles.actions} ${styles.spaced}`}>
                    {(lottery.status === 'pending' || lottery.status === 'hidden') && (
                      <button type="button" className={`${ui.primary} ${styles.small}`} disabled={review.isPending} onClick={() => run(lottery, { kind: 'approve' })}>
                        {ta('lotteries.approve')}
                      </button>
                    )}
                    {lottery.status === 'pending' && (
                      <button type="button" className={`${ui.secondary} ${styles.small} ${styles.danger}`} onClick={() => setPending({ lottery, kind: 'reject' })}>
                        {ta('lotteries.reject')}
                      </button>
                    )}
                    {(lottery.status === 'pending' || lottery.status === 'approved') && (
                      <button type="button" className={`${ui.secondary} ${styles.small}`} onClick={() => setPending({ lottery, kind: 'hide' })}>
                        {ta('lotteries.hide')}
                      </button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
      </ListSection>
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'reject' ? ta('lotteries.rejectTitle') : ta('lotteries.hideTitle')}
        message={pending ? ta(pending.kind === 'reject' ? 'lotteries.rejectMessage' : 'lotteries.hideMessage', { product: pending.lottery.product.name, store: pending.lottery.store.name }) : ''}
        confirmLabel={pending?.kind === 'reject' ? ta('lotteries.reject') : ta('lotteries.hide')}
        busy={review.isPending}
        error={review.error && pending ? errorText(review.error) : null}
        onConfirm={confirm}
        onClose={() => {
          review.reset();
          setPending(null);
          setReason('');
          setShowReasonError(false);
        }}
      >
        {pending?.kind === 'reject' && (
          <Field label={ta('lotteries.reason')} required error={showReasonError && !reason.trim() ? ta('lotteries.reasonRequired') : null}>
            <textarea className={form.textarea} name="reason" rows={3} value={reason} onChange={(e) => setReason(e.target.value)} />
          </Field>
        )}
      </ConfirmDialog>
    </AdminPage>
  );
}
