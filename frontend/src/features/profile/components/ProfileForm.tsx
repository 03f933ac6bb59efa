import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { ProfileFields } from '@/components/ui/ProfileFields';
import { t } from '@/i18n/ja';
import { focusFirstInvalid } from '@/lib/dom';
import { ApiError } from '@/lib/api';
import type { User } from '@/lib/auth-schemas';
import { PREFECTURE_NAMES } from '@/lib/prefecture-codes';
import { nicknameError } from '@/lib/validation';
import { showToast } from '@/stores/toast-store';
import form from '@/styles/form.module.css';
import ui from '@/styles/ui.module.css';
import { useUpdateProfile } from '../api/profile';
import styles from './profile.module.css';

/** SPEC §8 Profile update failure: the server's error, else the exception's message, else ネットワークエラー. */
export function profileErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.message) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return t('common.networkError');
}

export function ProfileForm({ user, onDone }: { user: User; onDone: () => void }) {
  const [nickname, setNickname] = useState(user.nickname ?? '');
  const [prefecture, setPrefecture] = useState(
    user.prefecture && PREFECTURE_NAMES.includes(user.prefecture) ? user.prefecture : '',
  );
  const [submitted, setSubmitted] = useState(false);
  const update = useUpdateProfile();
  const error = nicknameError(nickname);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (error) return focusFirstInvalid(event.currentTarget as HTMLFormElement);
    if (update.isPending) return;
    update.mutate(
      { nickname, prefecture },
      {
        onSuccess: () => {
          showToast(t('profile.saved'), 'success');
          onDone();
        },
      },
    );
  };

  return (
    <form className={form.form} onSubmit={onSubmit} noValidate aria-label={t('profile.editTitle')}>
      {update.isError && <Alert type="error">{profileErrorMessage(update.error)}</Alert>}
      <ProfileFields
        nickname={nickname}
        onNicknameChange={setNickname}
        nicknameError={submitted ? error : null}
        prefecture={prefecture}
        onPrefectureChange={setPrefecture}
      />
      <div className={styles.editActions}>
        <button type="button" className={ui.secondary} onClick={onDone} disabled={update.isPending}>
          {t('profile.cancel')}
        </button>
        <button type="submit" className={ui.primary} disabled={update.isPending} aria-busy={update.isPending}>
          {update.isPending ? t('profile.saving') : t('profile.save')}
        </button>
      </div>
    </form>
  );
}
