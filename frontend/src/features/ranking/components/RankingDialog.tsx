import { useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { Dialog } from '@/components/ui/Dialog';
import { Spinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { t, type MessageKey } from '@/i18n/ja';
import { formatNumber } from '@/lib/format';
import { useRanking, type RankingEntry, type RankingPeriod } from '../api/get-ranking';
import dialogStyles from '@/components/ui/Dialog.module.css';
import styles from './RankingDialog.module.css';

const MEDALS: Record<number, { icon: string; label: MessageKey }> = {
  1: { icon: '🥇', label: 'ranking.medal1' },
  2: { icon: '🥈', label: 'ranking.medal2' },
  3: { icon: '🥉', label: 'ranking.medal3' },
};

const PERIODS: Array<[RankingPeriod, MessageKey]> = [
  ['all', 'ranking.tabAll'],
  ['month', 'ranking.tabMonth'],
];

/**
 * 投稿ランキング (SPEC §2 Shell, PRODUCT §5): loads on open; tabs 総合 / 今月; loading
 * text, error with 再試行, an empty state, or the list with medals for ranks 1–3 and
 * points with the pt unit. Closes via × or the overlay (and Esc).
 */
export function RankingDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [period, setPeriod] = useState<RankingPeriod>('all');
  return (
    <Dialog open={open} onClose={onClose} title={t('ranking.title')}>
      <PeriodTabs value={period} onChange={setPeriod} />
      <div role="tabpanel" id={`ranking-panel-${period}`} aria-labelledby={`ranking-tab-${period}`}>
        <RankingList period={period} enabled={open} />
      </div>
      <p className={styles.rules}>
        {/* The dialog lives in the header, which stays across pages: leaving closes it. */}
        <Link to={paths.guidePoints.getHref()} onClick={onClose}>
          {t('ranking.rulesLink')}
        </Link>
      </p>
    </Dialog>
  );
}

/** A tab list: click, or arrow keys to move between the two periods. */
function PeriodTabs({ value, onChange }: { value: RankingPeriod; onChange: (period: RankingPeriod) => void }) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const index = PERIODS.findIndex(([p]) => p === value);
    const next = PERIODS[(index + (event.key === 'ArrowRight' ? 1 : PERIODS.length - 1)) % PERIODS.length]![0];
    onChange(next);
    document.getElementById(`ranking-tab-${next}`)?.focus();
  };
  return (
    <div className={styles.tabs} role="tablist" aria-label={t('ranking.tabs')} onKeyDown={onKeyDown}>
      {PERIODS.map(([period, label]) => (
        <button
          key={period}
          type="button"
          role="tab"
          id={`ranking-tab-${period}`}
          aria-selected={value === period}
          aria-controls={`ranking-panel-${period}`}
          tabIndex={value === period ? 0 : -1}
          className={styles.tab}
          onClick={() => onChange(period)}
        >
          {t(label)}
        </button>
      ))}
    </div>
  );
}

function RankingList({ period, enabled }: { period: RankingPeriod; enabled: boolean }) {
  const ranking = useRanking(period, { enabled });
  if (ranking.isPending) return <Spinner label={t('common.loading')} />;
  if (ranking.isError) {
    return (
      <div className={`${dialogStyles.state} ${styles.state}`} role="alert">
        <p>{t('ranking.error')}</p>
        <button type="button" className={dialogStyles.retry} onClick={() => void ranking.refetch()} disabled={ranking.isFetching}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (ranking.data.length === 0) {
    return <p className={dialogStyles.state}>{t(period === 'month' ? 'ranking.emptyMonth' : 'ranking.empty')}</p>;
  }
  return (
    <>
      <p className={styles.note}>{t('ranking.note')}</p>
      <ol className={styles.list} data-testid="ranking-list">
        {/* Nicknames need not be unique, so the position keys a row (the list is replaced whole). */}
        {ranking.data.map((entry, position) => (
          <RankingRow key={position} entry={entry} />
        ))}
      </ol>
    </>
  );
}

function RankingRow({ entry }: { entry: RankingEntry }) {
  const medal = MEDALS[entry.rank];
  return (
    <li className={styles.row} data-rank={entry.rank} data-testid="ranking-row">
      <span className={styles.rank}>
        {medal ? (
          <span className={styles.medal} role="img" aria-label={`${t(medal.label)} ${t('ranking.rank', { n: entry.rank })}`}>
            {medal.icon}
          </span>
        ) : (
          t('ranking.rank', { n: entry.rank })
        )}
      </span>
      <span className={styles.who}>
        <span className={styles.nickname}>{entry.nickname}</span>
        <span className={styles.meta}>
          {entry.prefecture && <span>{entry.prefecture}</span>}
          <span>{t('ranking.count', { n: formatNumber(entry.approved_submissions_count) })}</span>
        </span>
      </span>
      <span className={styles.points} data-testid="ranking-points">
        {t('ranking.points', { n: formatNumber(entry.points) })}
        <span className={styles.unit}>{t('ranking.unit')}</span>
      </span>
    </li>
  );
}
