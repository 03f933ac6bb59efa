import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Field } from '@/components/ui/Field';
import { paths } from '@/config/paths';
import { ta } from '@/i18n/ja-admin';
import { charLength } from '@/lib/validation';
import form from '@/styles/form.module.css';
import ui from '@/styles/ui.module.css';
import { adminUserQuery, runUserAction, useConsoleMutation, type AdminUserDetail, type UserAction, reporterStandingsQuery } from '../api/console';
import { MAX_BLOCK_REASON_CHARS } from '../config';
import { errorText, formatDateTime, isNotFound } from '../lib/console';
import type { AdminUser, UserSubmission } from '../types/console';
import { AdminPage, Badge, ConsoleTable, LoadState, Notice, type NoticeState, type Tone } from './AdminPage';
import { AuditList } from './AuditList';
import { ConfirmDialog } from './ConfirmDialog';
import { ReportTable } from './ReportTable';
import { UserFlags } from './UsersPage';
import admin from './admin.module.css';
import { ReporterStandingCell } from './ReporterStanding';
import styles from './console.module.css';

const SUBMISSION_TONE: Record<UserSubmission['status'], Tone> = { pending: 'warn', approved: 'ok', rejected: 'bad' };

/** /admin/users/:id: profile, flags, points, last login, submissions, reports, history; block / admin rights. */
export function UserPage() {
  const { id = '' } = useParams();
  const query = useQuery(adminUserQuery(id));
  const [notice, setNotice] = useState<NoticeState | null>(null);

  return (
    <AdminPage>
      <p className={styles.crumb}>
        <Link to={paths.adminUsers.getHref()}>← {ta('common.back')}</Link>
      </p>
      {!query.data ? (
        isNotFound(query.error) ? (
          <p className={admin.empty}>{ta('common.notFound')}</p>
        ) : (
          <LoadState error={query.error} onRetry={() => void query.refetch()} />
        )
      ) : (
        <UserDetail detail={query.data} notice={notice} onNotice={setNotice} />
      )}
    </AdminPage>
  );
}

function UserDetail({ detail, notice, onNotice }: { detail: AdminUserDetail; notice: NoticeState | null; onNotice: (n: NoticeState) => void }) {
  const { user, submissions, reports, audit } = detail;
  return (
    <>
      <Notice notice={notice} />
      <section className={`${styles.card} ${styles.section}`} aria-labelledby="admin-user-title">
        <h2 id="admin-user-title" className={styles.title}>
          {user.nickname}
        </h2>
        <UserFlags user={user} />
        <dl className={styles.facts}>
          <div>
            <dt>{ta('common.id')}</dt>
            <dd>{user.id}</dd>
          </div>
          <div>
            <dt>{ta('users.email')}</dt>
            <dd>
              {user.email} <span className={styles.sub}>{user.email_verified ? ta('flag.verified') : ta('flag.unverified')}</span>
            </dd>
          </div>
          <div>
            <dt>{ta('user.prefecture')}</dt>
            <dd>{user.prefecture || ta('user.noPrefecture')}</dd>
          </div>
          <div>
            <dt>{ta('users.points')}</dt>
            <dd>
              {user.points}pt <span className={styles.sub}>{ta('users.counts', { submissions: user.submission_count, reports: user.report_count })}</span>
            </dd>
          </div>
          <div>
            <dt>{ta('users.trust')}</dt>
            <dd>
              <UserStanding userId={user.id} />
            </dd>
          </div>
          <div>
            <dt>{ta('users.created')}</dt>
            <dd>{formatDateTime(user.created_at)}</dd>
          </div>
          <div>
            <dt>{ta('users.lastLogin')}</dt>
            <dd>{user.last_login_at ? formatDateTime(user.last_login_at) : ta('users.neverLoggedIn')}</dd>
          </div>
          {user.blocked && (
            <div>
              <dt>{ta('user.blockedReason')}</dt>
              <dd>{user.blocked_reason || ta('common.none')}</dd>
            </div>
          )}
        </dl>
        <UserActions user={user} onNotice={onNotice} />
      </section>
      <section className={styles.section} aria-labelledby="admin-user-submissions">
        <h2 id="admin-user-submissions" className={styles.listTitle}>
          {ta('user.submissions')}
        </h2>
        {submissions.length === 0 ? (
          <p className={admin.empty}>{ta('user.noSubmissions')}</p>
        ) : (
          <ConsoleTable
            caption={ta('user.submissions')}
            columns={[ta('common.id'), ta('stores.name'), ta('stores.status'), ta('user.submitted'), ta('user.reviewed')]}
          >
            {submissions.map((s) => (
              <tr key={s.id} data-testid="submission-row">
                <td data-label={ta('common.id')} className={styles.num}>
                  {s.id}
                </td>
                <td className={styles.lead}>{s.name}</td>
                <td data-label={ta('stores.status')}>
                  <Badge tone={SUBMISSION_TONE[s.status]}>{ta(`user.submissionStatus.${s.status}`)}</Badge>
                </td>
                <td data-label={ta('user.submitted')} className={styles.num}>
                  {formatDateTime(s.created_at)}
                </td>
                <td data-label={ta('user.reviewed')} className={styles.num}>
                  {formatDateTime(s.reviewed_at) || '—'}
                </td>
              </tr>
            ))}
          </ConsoleTable>
        )}
      </section>
      <section className={styles.section} aria-labelledby="admin-user-reports">
        <h2 id="admin-user-reports" className={styles.listTitle}>
          {ta('user.reports')}
        </h2>
        {reports.length === 0 ? (
          <p className={admin.empty}>{ta('reports.none')}</p>
        ) : (
          <ReportTable reports={reports} hide="user" caption={ta('user.reports')} onNotice={onNotice} />
        )}
      </section>
      <section className={styles.section} aria-labelledby="admin-user-audit">
        <h2 id="admin-user-audit" className={styles.listTitle}>
          {ta('user.audit')}
        </h2>
        {audit.length === 0 ? <p className={admin.empty}>{ta('audit.empty')}</p> : <AuditList entries={audit} showTarget={false} />}
      </section>
    </>
  );
}

type ActionKind = UserAction['kind'];

const CONFIRM: Record<ActionKind, { title: 'user.block' | 'user.unblock' | 'user.grantAdmin' | 'user.revokeAdmin'; message: 'user.blockConfirm' | 'user.unblockConfirm' | 'user.grantConfirm' | 'user.revokeConfirm' }> = {
  block: { title: 'user.block', message: 'user.blockConfirm' },
  unblock: { title: 'user.unblock', message: 'user.unblockConfirm' },
  grant_admin: { title: 'user.grantAdmin', message: 'user.grantConfirm' },
  revoke_admin: { title: 'user.revokeAdmin', message: 'user.revokeConfirm' },
};

/**
 * ブロックする (a reason, and optionally hiding the user's pending submissions and reports),
 * ブロックを解除, 管理者にする, 管理者権限を取り消す — each after a confirmation; a refusal (409:
 * yourself, the last admin) is shown in the dialog in the server's words.
 */
function UserActions({ user, onNotice }: { user: AdminUser; onNotice: (notice: NoticeState) => void }) {
  const [kind, setKind] = useState<ActionKind | null>(null);
  const [reason, setReason] = useState('');
  const [hideContent, setHideContent] = useState(false);
  const [reasonTouched, setReasonTouched] = useState(false);
  const run = useConsoleMutation((action: UserAction) => runUserAction(user.id, action));

  const reasonLength = charLength(reason.trim());
  const reasonError =
    reasonLength === 0
      ? ta('user.blockReasonRequired')
      : reasonLength > MAX_BLOCK_REASON_CHARS
        ? ta('user.blockReasonTooLong', { max: MAX_BLOCK_REASON_CHARS, n: reasonLength })
        : null;

  const open = (next: ActionKind) => {
    run.reset();
    setReason('');
    setHideContent(false);
    setReasonTouched(false);
    setKind(next);
  };

  const confirm = () => {
    if (!kind) return;
    if (kind === 'block') {
      setReasonTouched(true);
      if (reasonError) return;
    }
    const action: UserAction = kind === 'block' ? { kind, reason: reason.trim(), hide_content: hideContent } : { kind };
    run.mutate(action, {
      onSuccess: (result) => {
        setKind(null);
        onNotice({ type: 'success', text: result.message || ta('common.done') });
      },
    });
  };

  const buttons: { kind: ActionKind; show: boolean }[] = [
    { kind: 'block', show: !user.blocked },
    { kind: 'unblock', show: user.blocked },
    { kind: 'grant_admin', show: !user.admin },
    { kind: 'revoke_admin', show: user.admin },
  ];

  return (
    <div className={`${styles.actions} ${styles.spaced}`} role="group" aria-label={ta('user.actions')}>
      {buttons
        .filter((b) => b.show)
        .map((b) => (
          <button
            key={b.kind}
            type="button"
            className={`${ui.secondary} ${b.kind === 'block' || b.kind === 'revoke_admin' ? styles.danger : ''}`}
            onClick={() => open(b.kind)}
          >
            {ta(CONFIRM[b.kind].title)}
          </button>
        ))}
      <ConfirmDialog
        open={kind !== null}
        title={kind ? ta(CONFIRM[kind].title) : ''}
        message={kind ? ta(CONFIRM[kind].message, { name: user.nickname }) : ''}
        confirmLabel={kind ? ta(CONFIRM[kind].title) : ''}
        busyLabel={ta('user.working')}
        busy={run.isPending}
        error={run.isError ? errorText(run.error) : null}
        onConfirm={confirm}
        onClose={() => setKind(null)}
      >
        {kind === 'block' && (
          <div className={styles.form}>
            <Field
              label={ta('user.blockReason')}
              required
              hint={ta('user.blockReasonHint', { n: reasonLength, max: MAX_BLOCK_REASON_CHARS })}
              error={reasonTouched ? reasonError : null}
            >
              <textarea className={form.textarea} name="reason" rows={3} value={reason} onChange={(e) => setReason(e.target.value)} autoFocus />
            </Field>
            <label className={form.check}>
              <input type="checkbox" name="hide_content" checked={hideContent} onChange={(e) => setHideContent(e.target.checked)} />
              <span>
                {ta('user.hideContent')}
                <span className={styles.sub}>{ta('user.hideContentHint')}</span>
              </span>
            </label>
          </div>
        )}
      </ConfirmDialog>
    </div>
  );
}

/** How others answered this account's reports (the users list shows the same). */
function UserStanding({ userId }: { userId: number | string }) {
  const standings = useQuery(reporterStandingsQuery([userId]));
  return <ReporterStandingCell standing={standings.data?.get(String(userId))} />;
}
