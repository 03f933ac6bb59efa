import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import { useNow } from '@/hooks/use-now';
import { paths } from '@/config/paths';
import { tl } from '@/i18n/ja-lottery';
import { getCurrentPosition, geolocationErrorMessage, GeolocationFailure } from '@/lib/geolocation';
import { PREFECTURE_CODES } from '@/lib/prefecture-codes';
import form from '@/styles/form.module.css';
import ui from '@/styles/ui.module.css';
import { productsQuery } from '@/api/products';
import { LOTTERY_METHODS, LOTTERY_NEAR_RADIUS_KM, lotteriesQuery, type LotteryFilters } from '../api/lotteries';
import { COUNTDOWN_TICK_MS } from '../lib/lottery-time';
import { LotteryCard } from './LotteryCard';
import styles from './Lotteries.module.css';

/** How many entries a page asks for first, and how many more 「もっと見る」 adds (the API's limit is 200). */
const PAGE_LIMIT = 50;
const MAX_LIMIT = 200;

function readFilters(params: URLSearchParams): LotteryFilters {
  const lat = Number(params.get('lat'));
  const lng = Number(params.get('lng'));
  const near = params.has('lat') && params.has('lng') && Number.isFinite(lat) && Number.isFinite(lng) ? { lat, lng } : null;
  return {
    prefecture: params.get('prefecture') ?? '',
    product_id: params.get('product') ?? '',
    method: params.get('method') ?? '',
    loose: params.get('loose') === '1',
    near,
  };
}

/**
 * /lotteries 抽選情報: open and upcoming lottery sales, soonest deadline first, filtered by
 * prefecture, product, method, 「条件ゆるめ」 and "near me". The filters live in the URL so
 * a shared link or the back button keeps them.
 */
export function LotteriesPage() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const [limit, setLimit] = useState(PAGE_LIMIT);
  const list = useQuery(lotteriesQuery(filters, limit));
  const products = useQuery(productsQuery());
  const now = useNow(COUNTDOWN_TICK_MS);
  const [locating, setLocating] = useState(false);
  const [geoError, setGeoError] = useState<string | null>(null);

  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };

  const findNear = async () => {
    setGeoError(null);
    setLocating(true);
    try {
      const point = await getCurrentPosition();
      const next = new URLSearchParams(params);
      next.set('lat', point.lat.toFixed(4));
      next.set('lng', point.lng.toFixed(4));
      setParams(next, { replace: true });
    } catch (error) {
      setGeoError(error instanceof GeolocationFailure ? geolocationErrorMessage(error.code, error.message) : geolocationErrorMessage(0));
    } finally {
      setLocating(false);
    }
  };
  const clearNear = () => {
    const next = new URLSearchParams(params);
    next.delete('lat');
    next.delete('lng');
    setParams(next, { replace: true });
  };

  return (
    <div className={`${ui.page} ${styles.page}`}>
      <section aria-labelledby="lotteries-title">
        <div className={styles.titleRow}>
          <h1 id="lotteries-title" className={ui.pageTitle}>
            {tl('list.title')}
          </h1>
          <Link to={paths.map.getHref()} className={`${ui.secondary} ${styles.small}`}>
            {tl('form.toMap')}
          </Link>
        </div>
        <p className={ui.muted}>{tl('list.lead')}</p>

        <form className={styles.filters} role="search" aria-label={tl('list.filters')} onSubmit={(e) => e.preventDefault()}>
          <label className={styles.filter}>
            <span>{tl('list.prefecture')}</span>
            <select className={form.select} value={filters.prefecture} onChange={(e) => set('prefecture', e.target.value)}>
              <option value="">{tl('list.any')}</option>
              {Object.entries(PREFECTURE_CODES).map(([name, code]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.filter}>
            <span>{tl('list.product')}</span>
            <select className={form.select} value={filters.product_id} onChange={(e) => set('product', e.target.value)}>
              <option value="">{tl('list.any')}</option>
              {(products.data ?? []).map((p) => (
                <option key={p.id} value={String(p.id)}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.filter}>
            <span>{tl('list.method')}</span>
            <select className={form.select} value={filters.method} onChange={(e) => set('method', e.target.value)}>
              <option value="">{tl('list.any')}</option>
              {LOTTERY_METHODS.map((m) => (
                <option key={m} value={m}>
                  {tl(`method.${m}`)}
                </option>
              ))}
            </select>
          </label>
          <label className={`${form.check} ${styles.wide}`}>
            <input type="checkbox" checked={filters.loose} onChange={(e) => set('loose', e.target.checked ? '1' : '')} />
            <span>{tl('list.loose')}</span>
          </label>
          <div className={styles.wide}>
            {filters.near ? (
              <button type="button" className={`${ui.secondary} ${styles.small}`} onClick={clearNear} aria-pressed="true">
                📍 {tl('list.nearOn', { km: LOTTERY_NEAR_RADIUS_KM })} ✕
              </button>
            ) : (
              <button type="button" className={`${ui.secondary} ${styles.small}`} onClick={() => void findNear()} disabled={locating} aria-busy={locating}>
                📍 {locating ? tl('list.locating') : tl('list.near')}
              </button>
            )}
          </div>
        </form>
        {geoError && <Alert type="error">{geoError}</Alert>}

        <div aria-live="polite" aria-busy={list.isFetching}>
          {list.isPending ? (
            <Spinner label={tl('list.title')} />
          ) : list.isError ? (
            <div className={styles.state}>
              <Alert type="error">{tl('list.error')}</Alert>
              <button type="button" className={ui.secondary} onClick={() => void list.refetch()}>
                {tl('list.retry')}
              </button>
            </div>
          ) : list.data.length === 0 ? (
            <div className={styles.state}>
              <p className={styles.empty}>{tl('list.empty')}</p>
              <p className={ui.muted}>{tl('list.emptyHint')}</p>
            </div>
          ) : (
            <>
              <p className={styles.count}>{tl(list.data.length >= limit ? 'list.countFirst' : 'list.count', { n: list.data.length })}</p>
              <ul className={styles.list}>
                {list.data.map((lottery) => (
                  <li key={lottery.id}>
                    <LotteryCard lottery={lottery} now={now} />
                  </li>
                ))}
              </ul>
              {list.data.length >= limit && limit < MAX_LIMIT && (
                <button type="button" className={`${ui.secondary} ${styles.more}`} onClick={() => setLimit(Math.min(MAX_LIMIT, limit + PAGE_LIMIT))} disabled={list.isFetching}>
                  {tl('list.more')}
                </button>
              )}
            </>
          )}
        </div>
      </section>
    </div>
  );
}
