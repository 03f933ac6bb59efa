import { Link } from 'react-router';
import { useStoreTypes } from '@/api/initial-data';
import { paths } from '@/config/paths';
import { ta } from '@/i18n/ja-admin';
import { actionLabel, auditChanges, fieldLabel, formatAuditValue, formatDateTime, targetLabel } from '../lib/console';
import type { AuditEntry } from '../types/console';
import styles from './console.module.css';

/** Where a target's own page is (stores and users have one). */
function targetHref(type: string, id: string): string | null {
  if (type === 'store') return paths.adminStore.getHref(id);
  if (type === 'user') return paths.adminUser.getHref(id);
  if (type === 'product') return paths.adminProducts.getHref();
  return null;
}

/**
 * Audit entries, newest first: when, who, what (in Japanese), on which target, and each
 * changed field as "label: before → after".
 */
export function AuditList({ entries, showTarget = true }: { entries: AuditEntry[]; showTarget?: boolean }) {
  const types = useStoreTypes();
  return (
    <ol className={styles.auditList}>
      {entries.map((entry) => {
        const targetId = String(entry.target_id);
        const href = targetHref(entry.target_type, targetId);
        const target = ta('audit.target', { type: targetLabel(entry.target_type), id: targetId });
        const changes = auditChanges(entry.changes);
        return (
          <li key={entry.id} className={styles.auditItem} data-testid="audit-entry">
            <div className={styles.auditHead}>
              <time dateTime={entry.at} className={styles.num}>
                {formatDateTime(entry.at)}
              </time>
              <span className={styles.auditAction}>{actionLabel(entry.action)}</span>
              {showTarget && (href ? <Link to={href}>{target}</Link> : <span>{target}</span>)}
              <span className={styles.sub}>
                {ta('audit.by')}
                {entry.actor ? (
                  <Link to={paths.adminUser.getHref(entry.actor.id)}>{entry.actor.nickname}</Link>
                ) : (
                  ta('common.withdrawnUser')
                )}
              </span>
            </div>
            {changes.length > 0 && (
              <ul className={styles.changes} aria-label={ta('audit.changes')}>
                {changes.map(([field, before, after]) => (
                  <li key={field} className={styles.change}>
                    <span className={styles.changeField}>{fieldLabel(field)}</span>:{' '}
                    <span className={styles.before}>{formatAuditValue(field, before, types)}</span>
                    <span className={styles.arrow} aria-hidden="true">
                      →
                    </span>
                    <span className="visually-hidden">{ta('audit.to')}</span>
                    <span className={styles.after}>{formatAuditValue(field, after, types)}</span>
                  </li>
                ))}
              </ul>
            )}
            {entry.note && <p className={styles.sub}>{ta('audit.note', { note: entry.note })}</p>}
          </li>
        );
      })}
    </ol>
  );
}
