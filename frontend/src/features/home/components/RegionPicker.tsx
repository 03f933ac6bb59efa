import { useNavigate, Link } from 'react-router';
import type { Prefecture, Region } from '@/api/prefectures';
import { paths } from '@/config/paths';
import { t } from '@/i18n/ja';
import japanMapUrl from '../assets/japan-prefectures.svg';
import styles from './RegionPicker.module.css';

interface RegionPickerProps {
  regions: Region[];
  prefectures: Prefecture[];
}

function regionPrefectures(region: Region, byCode: Map<string, Prefecture>): Prefecture[] {
  return region.prefectures.map((code) => byCode.get(code)).filter((p): p is Prefecture => p !== undefined);
}

/**
 * Desktop: the Japan map with one box per region laid over it, each listing its
 * prefectures as links. Mobile: one dropdown per region (SPEC §2 Home).
 * Both go to /map?prefecture={code}.
 */
export function RegionPicker({ regions, prefectures }: RegionPickerProps) {
  const navigate = useNavigate();
  const byCode = new Map(prefectures.map((p) => [p.code, p]));

  return (
    <>
      <div className={styles.desktop} data-testid="region-map">
        <img src={japanMapUrl} alt={t('home.mapAlt')} className={styles.map} width={445} height={523} />
        {regions.map((region) => (
          <section key={region.code} className={`${styles.box} ${styles[`r_${region.code}`] ?? ''}`} aria-labelledby={`region-${region.code}`}>
            <h3 id={`region-${region.code}`} className={styles.boxTitle}>
              {region.name}
            </h3>
            <ul className={styles.prefList}>
              {regionPrefectures(region, byCode).map((p) => (
                <li key={p.code}>
                  <Link
                    to={paths.map.getHref({ prefecture: p.code })}
                    className={styles.pref}
                    title={t('home.prefectureStores', { name: p.name, n: p.store_count })}
                  >
                    {p.name}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>

      <div className={styles.mobile} data-testid="region-selects">
        {regions.map((region) => {
          const id = `region-select-${region.code}`;
          return (
            <div key={region.code} className={styles.selectCard}>
              <label htmlFor={id} className={styles.selectLabel}>
                <span className={`${styles.dot} ${styles[`d_${region.code}`] ?? ''}`} aria-hidden="true" />
                {region.name}
              </label>
              <select
                id={id}
                className={styles.select}
                defaultValue=""
                aria-label={t('home.selectLabel', { region: region.name })}
                onChange={(event) => {
                  const code = event.target.value;
                  if (code) void navigate(paths.map.getHref({ prefecture: code }));
                }}
              >
                <option value="" disabled>
                  {t('home.selectPlaceholder')}
                </option>
                {regionPrefectures(region, byCode).map((p) => (
                  <option key={p.code} value={p.code}>
                    {t('home.prefectureStores', { name: p.name, n: p.store_count })}
                  </option>
                ))}
              </select>
            </div>
          );
        })}
      </div>
    </>
  );
}
