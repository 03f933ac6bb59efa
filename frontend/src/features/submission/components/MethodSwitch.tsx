import { SegmentedRadio } from '@/components/ui/SegmentedRadio';
import { t } from '@/i18n/ja';
import type { LocationMethod } from '../lib/submission-form';

/** GPS or address (SPEC §3 "location method"). */
export function MethodSwitch({ value, onChange }: { value: LocationMethod; onChange: (method: LocationMethod) => void }) {
  return (
    <SegmentedRadio
      legend={t('submission.method')}
      name="location-method"
      options={[
        { value: 'gps', label: t('submission.methodGps') },
        { value: 'address', label: t('submission.methodAddress') },
      ]}
      value={value}
      onChange={onChange}
      testIdPrefix="submission-method"
    />
  );
}
