import { useId } from 'react';
import { t } from '@/i18n/ja';
import type { User } from '@/lib/auth-schemas';
import { PREFECTURE_NAMES } from '@/lib/prefecture-codes';
import { showToast } from '@/stores/toast-store';
import { useUpdateProfile } from '../api/profile';
import { profileErrorMessage } from './ProfileForm';
import styles from './profile.module.css';

/** The opt-in (off by default) for a mail when 購入できた is reported at a favourite store. */
export function FavoriteAlertsSetting({ user }: { user: User }) {
  const id = useId();
  const update = useUpdateProfile();
  const pending = update.isPending ? update.variables?.favoriteAlerts : undefined;
  const checked = pending ?? user.favorite_alerts;

  const onChange = (on: boolean) => {
    if (update.isPending) return;
    update.mutate(
      {
        nickname: user.nickname ?? '',
        prefecture: user.prefecture && PREFECTURE_NAMES.includes(user.prefecture) ? user.prefecture : '',
        favoriteAlerts: on,
      },
      {
        onSuccess: () => showToast(t(on ? 'alerts.enabled' : 'alerts.disabled'), 'success'),
        onError: (error) => showToast(`${t('alerts.failed')} ${profileErrorMessage(error)}`, 'error'),
      },
    );
  };

  return (
    <section className={styles.alerts} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.menuTitle}>
        {t('alerts.setting')}
      </h2>
      <p id={`${id}-hint`} className={styles.alertsHint}>
        {t('alerts.settingHint')}
      </p>
      <label className={styles.switch}>
        <input
          type="checkbox"
          role="switch"
          checked={checked}
          aria-describedby={`${id}-hint`}
          aria-busy={update.isPending}
          onChange={(event) => onChange(event.target.checked)}
          data-testid="favorite-alerts-toggle"
        />
        <span>{t('alerts.toggle')}</span>
      </label>
    </section>
  );
}
