import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { t } from '@/i18n/ja';
import { ApiError } from '@/lib/api';
import ui from '@/styles/ui.module.css';
import { useUnsubscribe } from '../api/unsubscribe';

/**
 * /alerts/unsubscribe?token=: the favourite-store alert mail's link. It stops the
 * alerts at once (the token says whose), with or without a login, and says so.
 */
export function UnsubscribePanel() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const unsubscribe = useUnsubscribe();
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    unsubscribe.mutate(token);
  }, [token, unsubscribe]);

  return (
    <>
      <h1 className={ui.pageTitle}>{t('unsubscribe.title')}</h1>
      <div data-testid="unsubscribe-result">
        {!token ? (
          <Alert type="error">{t('unsubscribe.noToken')}</Alert>
        ) : unsubscribe.isSuccess ? (
          <Alert type="success">{unsubscribe.data.message || t('unsubscribe.done')}</Alert>
        ) : unsubscribe.isError ? (
          <Alert type="error">
            {unsubscribe.error instanceof ApiError && unsubscribe.error.fromServer
              ? unsubscribe.error.message
              : t('unsubscribe.failed')}
          </Alert>
        ) : (
          <Spinner label={t('unsubscribe.working')} />
        )}
      </div>
      <p className={ui.muted}>
        {t('unsubscribe.settingsHint')} <Link to={paths.profile.getHref()}>{t('nav.profile')}</Link>
      </p>
      <p>
        <Link to={paths.home.getHref()}>{t('common.backHome')}</Link>
      </p>
    </>
  );
}
