import { useId } from 'react';
import { t, type MessageKey } from '@/i18n/ja';
import type { User } from '@/lib/auth-schemas';
import { PREFECTURE_NAMES } from '@/lib/prefecture-codes';
import { showToast } from '@/stores/toast-store';
import { useUpdateProfile } from '../api/profile';
import { profileErrorMessage } from './ProfileForm';
import styles from './profile.module.css';

type MessageKeyOf<T extends string> = Extract<MessageKey, `${T}.${string}`>;

interface MailSettingProps {
  user: User;
  /** Which setting: the favourite-store alerts or the review mails. */
  field: 'favoriteAlerts' | 'reviewMail';
  checked: boolean;
  messages: {
    title: MessageKeyOf<'alerts' | 'reviewMail'>;
    hint: MessageKeyOf<'alerts' | 'reviewMail'>;
    toggle: MessageKeyOf<'alerts' | 'reviewMail'>;
    enabled: MessageKeyOf<'alerts' | 'reviewMail'>;
    disabled: MessageKeyOf<'alerts' | 'reviewMail'>;
  };
  testId: string;
}

/** One mail setting of the profile: a switch saved at once, with a toast. */
function MailSetting({ user, field, checked: saved, messages, testId }: MailSettingProps) {
  const id = useId();
  const update = useUpdateProfile();
  const pending = update.isPending ? update.variables?.[field] : undefined;
  const checked = pending ?? saved;

  const onChange = (on: boolean) => {
    if (update.isPending) return;
    update.mutate(
      {
        nickname: user.nickname ?? '',
        prefecture: user.prefecture && PREFECTURE_NAMES.includes(user.prefecture) ? user.prefecture : '',
        [field]: on,
      },
      {
        onSuccess: () => showToast(t(on ? messages.enabled : messages.disabled), 'success'),
        onError: (error) => showToast(`${t('alerts.failed')} ${profileErrorMessage(error)}`, 'error'),
      },
    );
  };

  return (
    <section className={styles.alerts} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.menuTitle}>
        {t(messages.title)}
      </h2>
      <p id={`${id}-hint`} className={styles.alertsHint}>
        {t(messages.hint)}
      </p>
      <label className={styles.switch}>
        <input
          type="checkbox"
          role="switch"
          checked={checked}
          aria-describedby={`${id}-hint`}
          aria-busy={update.isPending}
          onChange={(event) => onChange(event.target.checked)}
          data-testid={testId}
        />
        <span>{t(messages.toggle)}</span>
      </label>
    </section>
  );
}

/** The opt-in (off by default) for a mail when 購入できた is reported at a favourite store. */
export function FavoriteAlertsSetting({ user }: { user: User }) {
  return (
    <MailSetting
      user={user}
      field="favoriteAlerts"
      checked={user.favorite_alerts}
      messages={{ title: 'alerts.setting', hint: 'alerts.settingHint', toggle: 'alerts.toggle', enabled: 'alerts.enabled', disabled: 'alerts.disabled' }}
      testId="favorite-alerts-toggle"
    />
  );
}

/** The opt-out (on by default) for the mail about each review of my store submissions. */
export function ReviewMailSetting({ user }: { user: User }) {
  return (
    <MailSetting
      user={user}
      field="reviewMail"
      checked={user.review_mail}
      messages={{
        title: 'reviewMail.setting',
        hint: 'reviewMail.settingHint',
        toggle: 'reviewMail.toggle',
        enabled: 'reviewMail.enabled',
        disabled: 'reviewMail.disabled',
      }}
      testId="review-mail-toggle"
    />
  );
}
