import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { ta, taMaybe } from '@/i18n/ja-admin';
import ui from '@/styles/ui.module.css';
import { deleteReport, useConsoleMutation } from '../api/console';
import { errorText, formatDateTime, prefectureName } from '../lib/console';
import type { AdminReport } from '../types/console';
import { Badge, ConsoleTable, type NoticeState } from './AdminPage';
import { ConfirmDialog } from './ConfirmDialog';
import styles from './console.module.css';

interface ReportTableProps {
  reports: AdminReport[];
  /** Leave out the store column on a store's own page, the user column on a user's. */
  hide?: 'store' | 'user';
  caption: string;
  onNotice: (notice: NoticeState) => void;
}

/** Purchase reports with 削除 on each (after a confirmation); a table on desktop, cards on a phone. */
export function ReportTable({ reports, hide, caption, onNotice }: ReportTableProps) {
  const [target, setTarget] = useState<AdminReport | null>(null);
  const remove = useConsoleMutation((report: AdminReport) => deleteReport(report.id), { publicStores: true });

  const confirm = () => {
    if (!target) return;
    remove.mutate(target, {
      onSuccess: (result) => {
        setTarget(null);
        onNotice({ type: 'success', text: result.message || ta('reports.deleted') });
      },
    });
  };

  return (
    <>
      <ConsoleTable
        caption={caption}
        columns={[
          ta('common.id'),
          hide !== 'store' && ta('reports.store'),
          hide !== 'user' && ta('reports.user'),
          ta('reports.kind'),
          ta('reports.product'),
          ta('reports.purchasedAt'),
          ta('reports.createdAt'),
          <span className="visually-hidden">{ta('common.delete')}</span>,
        ]}
      >
        {reports.map((report) => (
          <tr key={report.id} data-testid="report-row">
            <td data-label={ta('common.id')} className={styles.num}>
              {report.id}
            </td>
            {hide !== 'store' && (
              <td data-label={ta('reports.store')}>
                <Link to={paths.adminStore.getHref(report.store.id)}>{report.store.name}</Link>
                {report.store.prefecture && <span className={styles.sub}>{prefectureName(report.store.prefecture)}</span>}
              </td>
            )}
            {hide !== 'user' && (
              <td data-label={ta('reports.user')}>
                {report.user ? (
                  <Link to={paths.adminUser.getHref(report.user.id)}>{report.user.nickname}</Link>
                ) : (
                  ta('reports.noUser')
                )}
              </td>
            )}
            <td data-label={ta('reports.kind')}>
              <Badge tone={report.kind === 'bought' ? 'ok' : 'warn'}>{ta(`reports.kind.${report.kind}`)}</Badge>
            </td>
            <td data-label={ta('reports.product')}>
              {taMaybe(`reports.product.${report.product}`) ?? report.product}
              {report.product_name && <span className={styles.sub}>{report.product_name}</span>}
              {report.limit_note && <span className={styles.sub}>{ta('reports.limit', { note: report.limit_note })}</span>}
            </td>
            <td data-label={ta('reports.purchasedAt')} className={styles.num}>
              {formatDateTime(report.purchased_at)}
            </td>
            <td data-label={ta('reports.createdAt')} className={styles.num}>
              {formatDateTime(report.created_at)}
            </td>
            <td className={styles.bare}>
              <button
                type="button"
                className={`${ui.secondary} ${styles.small} ${styles.danger}`}
                onClick={() => {
                  remove.reset();
                  setTarget(report);
                }}
                aria-label={`${ta('reports.delete')} (#${report.id})`}
              >
                {ta('common.delete')}
              </button>
            </td>
          </tr>
        ))}
      </ConsoleTable>
      <ConfirmDialog
        open={target !== null}
        title={ta('reports.delete')}
        message={target ? ta('reports.deleteConfirm', { store: target.store.name, at: formatDateTime(target.purchased_at) }) : ''}
        confirmLabel={ta('common.delete')}
        busyLabel={ta('common.deleting')}
        busy={remove.isPending}
        error={remove.isError ? errorText(remove.error) : null}
        onConfirm={confirm}
        onClose={() => setTarget(null)}
      />
    </>
  );
}
