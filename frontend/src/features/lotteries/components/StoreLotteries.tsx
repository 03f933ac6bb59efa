import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useNow } from '@/hooks/use-now';
import { tl, tlMaybe } from '@/i18n/ja-lottery';
import { storeLotteriesQuery } from '../api/lotteries';
import { countdownLabel, COUNTDOWN_TICK_MS, formatJapanTime, lotteryPhase } from '../lib/lottery-time';
import styles from './Lotteries.module.css';

export interface StoreLotteriesProps {
  storeId: number;
  /** The sheet's own section and heading styles, so that this section looks like its neighbours. */
  sectionClassName?: string;
  titleClassName?: string;
}

/**
 * A store sheet's open and upcoming lotteries, soonest deadline first, each with its state and
 * a countdown that moves by itself (締切まであと3時間). Nothing while loading, when the store has
 * none, or when the list cannot be read: the rest of the sheet does not wait for it.
 */
export default function StoreLotteries({ storeId, sectionClassName, titleClassName }: StoreLotteriesProps) {
  const now = useNow(COUNTDOWN_TICK_MS);
  const { data } = useQuery(storeLotteriesQuery(storeId));
  const shown = (data ?? []).filter((lottery) => lotteryPhase(lottery, now) !== 'ended');
  if (shown.length === 0) return null;
  return (
    <section className={sectionClassName} aria-labelledby="sheet-lotteries" data-testid="store-sheet-lotteries">
      <h3 id="sheet-lotteries" className={titleClassName}>
        {tl('sheet.title')}
      </h3>
      <ul className={styles.sheetList}>
        {shown.map((lottery) => {
          const phase = lotteryPhase(lottery, now);
          return (
            <li key={lottery.id} className={styles.sheetItem} data-testid="store-sheet-lottery-item" data-phase={phase}>
              <div className={styles.head}>
                <span className={styles.phase} data-phase={phase}>
                  {tl(phase === 'upcoming' ? 'row.upcoming' : phase === 'closing' ? 'row.closing' : 'row.open')}
                </span>
                <span className={styles.countdown}>{countdownLabel(lottery, now)}</span>
              </div>
              <p className={styles.sheetProduct}>{lottery.product.name}</p>
              <p className={styles.sheetFacts}>
                {phase === 'upcoming'
                  ? tl('sheet.starts', { time: formatJapanTime(lottery.apply_start) })
                  : tl('sheet.deadline', { time: formatJapanTime(lottery.apply_end) })}
                {' ・ '}
                {lottery.methods.map((m) => tlMaybe(`method.${m}`) ?? m).join('・')}
              </p>
            </li>
          );
        })}
      </ul>
      <Link className={styles.sheetAll} to={paths.lotteries.getHref()}>
        {tl('sheet.all')}
      </Link>
    </section>
  );
}
