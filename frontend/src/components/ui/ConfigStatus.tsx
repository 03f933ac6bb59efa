import { useConfig } from '@/api/config';
import { t } from '@/i18n/ja';
import { Spinner } from './Spinner';

/**
 * Stands in for a form while GET /config (its limits) has not answered: a spinner, or
 * after a failure the error with 再試行.
 */
export function ConfigStatus() {
  const config = useConfig();
  if (!config.isError) return <Spinner label={t('common.loading')} />;
  return (
    <div role="alert">
      <p>{t('common.errorLoad')}</p>
      <button type="button" onClick={() => void config.refetch()}>
        {t('common.retry')}
      </button>
    </div>
  );
}
