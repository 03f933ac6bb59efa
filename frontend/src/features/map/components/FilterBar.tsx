import type { StoreType } from '@/api/initial-data';
import { t } from '@/i18n/ja';
import { EMPTY_FILTERS, type LotteryFilter, type ProductFilter, type StoreFilters } from '../types/store';
import styles from './FilterBar.module.css';

const PRODUCTS: Array<{ value: ProductFilter; label: string }> = [
  { value: '', label: t('product.all') },
  { value: 'packs', label: t('product.pack') },
  { value: 'boxes', label: t('product.box') },
  { value: 'singles', label: t('product.single') },
];

interface FilterBarProps {
  filters: StoreFilters;
  storeTypes: StoreType[];
  onChange: (filters: StoreFilters) => void;
}

const LOTTERY_CHIPS: Array<{ value: Exclude<LotteryFilter, ''>; label: string }> = [
  { value: 'open', label: t('map.filterLotteryOpen') },
  { value: 'closing', label: t('map.filterLotteryClosing') },
];

/** Store type chips (they double as the marker legend), product, 24h and lottery filters. */
export function FilterBar({ filters, storeTypes, onChange }: FilterBarProps) {
  const active = filters.types.length > 0 || filters.product !== '' || filters.recentOnly || filters.lottery !== '';
  const toggleType = (key: string) =>
    onChange({
      ...filters,
      types: filters.types.includes(key) ? filters.types.filter((k) => k !== key) : [...filters.types, key],
    });

  return (
    <div className={styles.bar} role="group" aria-label={t('map.filters')}>
      <label className={`${styles.chip} ${filters.recentOnly ? styles.on : ''} ${styles.recent}`}>
        <input
          type="checkbox"
          className={styles.check}
          checked={filters.recentOnly}
          onChange={(e) => onChange({ ...filters, recentOnly: e.target.checked })}
        />
        <span className={styles.badgeDot} aria-hidden="true" />
        {t('map.filterRecent')}
      </label>

      {/* One lottery filter at a time: まもなく締切 is a narrower 抽選受付中. */}
      {LOTTERY_CHIPS.map((chip) => {
        const on = filters.lottery === chip.value;
        return (
          <label key={chip.value} className={`${styles.chip} ${on ? styles.on : ''} ${styles.lottery}`}>
            <input
              type="checkbox"
              className={styles.check}
              checked={on}
              onChange={(e) => onChange({ ...filters, lottery: e.target.checked ? chip.value : '' })}
            />
            <span className={styles.lotteryTag} aria-hidden="true" />
            {chip.label}
          </label>
        );
      })}

      <label className={styles.selectWrap}>
        <span className="visually-hidden">{t('map.filterProduct')}</span>
        <select
          className={styles.select}
          value={filters.product}
          onChange={(e) => onChange({ ...filters, product: e.target.value as ProductFilter })}
        >
          {PRODUCTS.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
        </select>
      </label>

      <fieldset className={styles.types}>
        <legend className="visually-hidden">{t('map.filterTypes')}</legend>
        {storeTypes.map((type) => {
          const on = filters.types.includes(type.key);
          return (
            <label key={type.key} className={`${styles.chip} ${on ? styles.on : ''}`} style={{ ['--pk-color' as string]: type.color }}>
              <input type="checkbox" className={styles.check} checked={on} onChange={() => toggleType(type.key)} />
              <span className={styles.swatch} aria-hidden="true">
                {type.icon}
              </span>
              {type.label}
            </label>
          );
        })}
      </fieldset>

      {active && (
        <button type="button" className={styles.reset} onClick={() => onChange(EMPTY_FILTERS)}>
          {t('map.filterReset')}
        </button>
      )}
    </div>
  );
}
