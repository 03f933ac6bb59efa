import { ta } from '@/i18n/ja-admin';
import type { ReporterStanding } from '../api/console';
import { Badge } from './AdminPage';
import styles from './console.module.css';

/** 報告3・確認2・否定1 with the trusted / slowed badges: how others answered the account's reports. */
export function ReporterStandingCell({ standing }: { standing: ReporterStanding | undefined }) {
  if (!standing) return <span className={styles.sub}>—</span>;
  return (
    <span data-testid="reporter-standing">
      {ta('users.trustCounts', {
        reports: standing.reports,
        confirmed: standing.confirmed_reports,
        denied: standing.denied_reports,
      })}
      {standing.slowed && <Badge tone="bad">{ta('users.trustSlowed')}</Badge>}
      {standing.trusted && <Badge tone="ok">{ta('users.trustTrusted')}</Badge>}
    </span>
  );
}
