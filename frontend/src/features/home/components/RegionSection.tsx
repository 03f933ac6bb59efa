import { usePrefectures } from '@/api/prefectures';
import { Spinner } from '@/components/ui/Spinner';
import { t } from '@/i18n/ja';
import { RegionPicker } from './RegionPicker';
import styles from './RegionSection.module.css';

export function RegionSection() {
  const prefectures = usePrefectures();
  return (
    <section className={styles.section} aria-labelledby="choose-region">
      <h2 id="choose-region" className={styles.heading}>
        {t('home.chooseRegion')}
      </h2>
      <p className={styles.hint}>{t('home.chooseRegionHint')}</p>
      {prefectures.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : prefectures.isError ? (
        <div className={styles.error} role="alert">
          <p>{t('home.regionsLoadError')}</p>
          <button type="button" onClick={() => void prefectures.refetch()} className={styles.retry}>
            {t('common.retry')}
          </button>
        </div>
      ) : (
        <RegionPicker regions={prefectures.data.regions} prefectures={prefectures.data.prefectures} />
      )}
    </section>
  );
}
