import { Dialog } from '@/components/ui/Dialog';
import { Spinner } from '@/components/ui/Spinner';
import { t, type MessageKey } from '@/i18n/ja';
import { useRanking, type RankingEntry } from '../api/get-ranking';
import styles from './RankingDialog.module.css';

const MEDALS: Record<number, { icon: string; label: MessageKey }> = {
  1: { icon: '🥇', label: 'ranking.medal1' },
  2: { icon: '🥈', label: 'ranking.medal2' },
  3: { icon: '🥉', label: 'ranking.medal3' },
};

/**
 * 投稿ランキング (SPEC §2 Shell): loads on open; loading text, error with 再試行, or the
 * list with medals for ranks 1–3 and the pt unit. Closes via × or the overlay.
 */
export function RankingDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ranking = useRanking({ enabled: open });

  let content;
  if (ranking.isPending) {
    content = <Spinner label={t('common.loading')} />;
  } else if (ranking.isError) {
    content = (
      <div className={styles.state} role="alert">
        <p>{t('ranking.error')}</p>
        <button type="button" className={styles.retry} onClick={() => void ranking.refetch()} disabled={ranking.isFetching}>
          {t('common.retry')}
        </button>
      </div>
    );
  } else if (ranking.data.length === 0) {
    content = <p className={styles.state}>{t('ranking.empty')}</p>;
  } else {
    content = (
      <>
        <p className={styles.note}>{t('ranking.note')}</p>
        <ol className={styles.list} data-testid="ranking-list">
          {ranking.data.map((entry) => (
            <RankingRow key={`${entry.rank}-${entry.nickname}`} entry={entry} />
          ))}
        </ol>
      </>
    );
  }

  return (
    <Dialog open={open} onClose={onClose} title={t('ranking.title')}>
      {content}
    </Dialog>
  );
}

function RankingRow({ entry }: { entry: RankingEntry }) {
  const medal = MEDALS[entry.rank];
  const points = entry.points ?? entry.approved_submissions_count;
  return (
    <li className={styles.row} data-rank={entry.rank}>
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
        {entry.prefecture && <span className={styles.prefecture}>{entry.prefecture}</span>}
      </span>
      <span className={styles.points}>
        {t('ranking.points', { n: points.toLocaleString('ja-JP') })}
        <span className={styles.unit}>{t('ranking.unit')}</span>
      </span>
    </li>
  );
}
