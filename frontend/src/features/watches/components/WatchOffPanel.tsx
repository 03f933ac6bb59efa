import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { t } from '@/i18n/ja';
import { tw } from '@/i18n/ja-watches';
import { ApiError } from '@/lib/api';
import ui from '@/styles/ui.module.css';
import { useWatchOff } from '../api/watches';

/**
 * /alerts/watch-off?token=: the off link of an area-watch alert (the mail's links, the
 * notification's 通知をオフ). It turns the watch (or all of the user's watches, as the token
 * says) off at once, with or without a login.
 */
export function WatchOffPanel() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const off = useWatchOff();
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    off.mutate(token);
  }, [token, off]);

  return (
    <>
      <h1 className={ui.pageTitle}>{tw('off.title')}</h1>
      <div data-testid="watch-off-result">
        {!token ? (
          <Alert type="error">{tw('off.noToken')}</Alert>
        ) : off.isSuccess ? (
          <Alert type="success">{off.data.message || tw('off.done')}</Alert>
        ) : off.isError ? (
          <Alert type="error">
            {off.error instanceof ApiError && off.error.fromServer ? off.error.message : tw('off.failed')}
          </Alert>
        ) : (
          <Spinner label={tw('off.working')} />
        )}
      </div>
      <p className={ui.muted}>
        {tw('off.settingsHint')} <Link to={paths.profile.getHref()}>{t('nav.profile')}</Link>
      </p>
      <p>
        <Link to={paths.home.getHref()}>{t('common.backHome')}</Link>
      </p>
    </>
  );
}
