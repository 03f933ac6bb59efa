import type { SelectHTMLAttributes } from 'react';
import { t } from '@/i18n/ja';
import { PREFECTURE_NAMES } from '@/lib/prefecture-codes';
import form from '@/styles/form.module.css';

/** The 47 prefectures by Japanese name (the value kept in a profile), plus "none" (""). */
export function PrefectureSelect(props: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'>) {
  return (
    <select className={form.select} {...props}>
      <option value="">{t('form.prefectureNone')}</option>
      {PREFECTURE_NAMES.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </select>
  );
}
