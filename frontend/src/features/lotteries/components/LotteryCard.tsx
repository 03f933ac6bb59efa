import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { tl, tlMaybe } from '@/i18n/ja-lottery';
import { formatDistanceKm } from '@/lib/format';
import { prefectureName } from '@/lib/prefecture-codes';
import type { Lottery } from '../api/lotteries';
import { countdownLabel, formatJapanTime, lotteryPhase } from '../lib/lottery-time';
import styles from './Lotteries.module.css';

/** A method's or condition's label; the name itself for one this page does not know yet. */
function label(kind: 'method' | 'condition', name: string): string {
  return tlMaybe(`${kind}.${name}`) ?? name;
}

/**
 * One lottery in the list: its state and countdown first (what a buyer decides by), the
 * product and the store (a link to it on the map), how to apply, the dates in Japan time,
 * the conditions, and the store's own announcement as a plain external link.
 */
export function LotteryCard({ lottery, now }: { lottery: Lottery; now: number }) {
  const phase = lotteryPhase(lottery, now);
  const distance = lottery.distance_km !== undefined ? formatDistanceKm(lottery.distance_km) : null;
  return (
    <article className={styles.card} data-testid="lottery-card" data-phase={phase}>
      <div className={styles.head}>
        <span className={styles.phase} data-phase={phase}>
          {tl(phase === 'upcoming' ? 'row.upcoming' : phase === 'closing' ? 'row.closing' : 'row.open')}
        </span>
        <span className={styles.countdown}>{countdownLabel(lottery, now)}</span>
      </div>
      <h2 className={styles.product}>{lottery.product.name}</h2>
      <p className={styles.store}>
        <Link to={paths.map.getHref({ store: lottery.store.id })}>{lottery.store.name}</Link>
        <span className={styles.place}>
          {prefectureName(lottery.store.prefecture)}
          {lottery.store.city}
          {distance && ` ・ ${tl('row.distance', { distance: `${distance.value}${distance.unit}` })}`}
        </span>
      </p>
      <ul className={styles.chips} aria-label={tl('form.methods')}>
        {lottery.methods.map((m) => (
          <li key={m} className={styles.chip}>
            {label('method', m)}
          </li>
        ))}
      </ul>
      <dl className={styles.facts}>
        <div>
          <dt>{tl('row.window')}</dt>
          <dd>
            {formatJapanTime(lottery.apply_start)} 〜 <strong>{formatJapanTime(lottery.apply_end)}</strong>
          </dd>
        </div>
        {lottery.result_at && (
          <div>
            <dt>{tl('row.result')}</dt>
            <dd>{formatJapanTime(lottery.result_at)}</dd>
          </div>
        )}
        {lottery.purchase_start && lottery.purchase_end && (
          <div>
            <dt>{tl('row.purchase')}</dt>
            <dd>
              {formatJapanTime(lottery.purchase_start)} 〜 {formatJapanTime(lottery.purchase_end)}
            </dd>
          </div>
        )}
        <div>
          <dt>{tl('row.conditions')}</dt>
          <dd>
            {lottery.conditions.length === 0 ? tl('row.noConditions') : lottery.conditions.map((c) => label('condition', c)).join('・')}
            {lottery.condition_note && <span className={styles.note}>{lottery.condition_note}</span>}
          </dd>
        </div>
      </dl>
      {lottery.source_url && (
        <p className={styles.source}>
          <a href={lottery.source_url} target="_blank" rel="noopener nofollow ugc">
            {tl('row.source')}
          </a>
        </p>
      )}
    </article>
  );
}
