import { Field } from '@/components/ui/Field';
import { PrefectureSelect } from '@/components/ui/PrefectureSelect';
import { NICKNAME_MAX_LENGTH } from '@/config/constants';
import { t } from '@/i18n/ja';
import form from '@/styles/form.module.css';

interface ProfileFieldsProps {
  nickname: string;
  onNicknameChange: (value: string) => void;
  nicknameError: string | null;
  prefecture: string;
  onPrefectureChange: (value: string) => void;
}

/** The nickname and prefecture inputs shared by sign-up and the profile editor. */
export function ProfileFields({ nickname, onNicknameChange, nicknameError, prefecture, onPrefectureChange }: ProfileFieldsProps) {
  return (
    <>
      <Field label={t('form.nickname')} required hint={t('form.nicknameHint')} error={nicknameError}>
        <input
          className={form.input}
          type="text"
          name="nickname"
          autoComplete="nickname"
          // Counted in characters by the validator; the attribute only stops runaway pastes.
          maxLength={NICKNAME_MAX_LENGTH * 2}
          value={nickname}
          onChange={(e) => onNicknameChange(e.target.value)}
          required
        />
      </Field>
      <Field label={t('form.prefecture')} optional hint={t('form.prefectureHint')}>
        <PrefectureSelect name="prefecture" value={prefecture} onChange={(e) => onPrefectureChange(e.target.value)} />
      </Field>
    </>
  );
}
