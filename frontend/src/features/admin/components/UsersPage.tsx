import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Field } from '@/components/ui/Field';
import { paths } from '@/config/paths';
import { ta } from '@/i18n/ja-admin';
import form from '@/styles/form.module.css';
import { adminUsersQuery, reporterStandingsQuery } from '../api/console';
import { formatDateTime, useListParams } from '../lib/console';
import type { AdminUser } from '../types/console';
import { AdminPage, Badge, ConsoleTable, FilterActions, ListSection } from './AdminPage';
import { ReporterStandingCell } from './ReporterStanding';
import styles from './console.module.css';

const KEYS = ['q'] as const;

/** 管理者 / ブロック中 / 退会済み / メール未確認 as badges. */
export function UserFlags({ user }: { user: AdminUser }) {
  return (
    <span className={styles.badges}>
      {user.admin && <Badge tone="info">{ta('flag.admin')}</Badge>}
      {user.blocked && <Badge tone="bad">{ta('flag.blocked')}</Badge>}
      {user.withdrawn && <Badge tone="warn">{ta('flag.withdrawn')}</Badge>}
      {!user.email_verified && <Badge>{ta('flag.unverified')}</Badge>}
    </span>
  );
}

/** /admin/users ユーザー: search by e-mail or nickname (in the URL) and the paged list, newest first. */
export function UsersPage() {
  const list = useListParams(KEYS);
  const query = useQuery(adminUsersQuery(list.filters, list.page));
  const standings = useQuery(reporterStandingsQuery((query.data?.data ?? []).map((user) => user.id)));

  return (
    <AdminPage>
      <ListSection
        id="admin-users-title"
        title={ta('users.title')}
        filters={<UserSearch key={list.filters.q} initial={list.filters.q} onSearch={(q) => list.setFilters({ q })} />}
        query={query}
        list={list}
        empty={ta('users.empty')}
      >
        {(items) => (
          <ConsoleTable
            caption={ta('users.title')}
            columns={[ta('common.id'), ta('users.nickname'), ta('users.email'), ta('users.flags'), ta('users.points'), ta('users.created'), ta('users.lastLogin'), ta('users.trust')]}
          >
            {items.map((user) => (
              <tr key={user.id} data-testid="user-row">
                <td data-label={ta('common.id')} className={styles.num}>
                  {user.id}
                </td>
                <td className={styles.lead}>
                  <Link to={paths.adminUser.getHref(user.id)}>{user.nickname}</Link>
                </td>
                <td data-label={ta('users.email')}>{user.email}</td>
                <td data-label={ta('users.flags')}>
                  <UserFlags user={user} />
                </td>
                <td data-label={ta('users.points')} className={styles.num}>
                  {user.points}
                  <span className={styles.sub}>{ta('users.counts', { submissions: user.submission_count, reports: user.report_count })}</span>
                </td>
                <td data-label={ta('users.created')} className={styles.num}>
                  {formatDateTime(user.created_at)}
                </td>
                <td data-label={ta('users.lastLogin')} className={styles.num}>
                  {user.last_login_at ? formatDateTime(user.last_login_at) : ta('users.neverLoggedIn')}
                </td>
                <td data-label={ta('users.trust')}>
                  <ReporterStandingCell standing={standings.data?.get(String(user.id))} />
                </td>
              </tr>
            ))}
          </ConsoleTable>
        )}
      </ListSection>
    </AdminPage>
  );
}

function UserSearch({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const [q, setQ] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(q.trim());
  };
  return (
    <form className={styles.filters} onSubmit={submit} role="search" aria-label={ta('users.filters')} noValidate>
      <div className={styles.wide}>
        <Field label={ta('users.q')}>
          <input className={form.input} name="q" type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder={ta('users.qPlaceholder')} />
        </Field>
      </div>
      <FilterActions onClear={initial ? () => onSearch('') : undefined} />
    </form>
  );
}
