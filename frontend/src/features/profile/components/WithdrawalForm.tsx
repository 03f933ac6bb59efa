import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { Dialog } from '@/components/ui/Dialog';
import { Field } from '@/components/ui/Field';
import { WITHDRAWAL_REASON_MAX_LENGTH } from '@/config/constants';
import { paths } from '@/config/paths';
import { t } from '@/i18n/ja';
import { charLength } from '@/lib/validation';
import { showToast } from '@/stores/toast-store';
import form from '@/styles/form.module.css';
import ui from '@/styles/ui.module.css';
import { useWithdraw, withdrawalErrorMessage } from '../api/withdraw';
import styles from './profile.module.css';

/** /withdrawal 退会申請: reason, an explicit confirmation, then a last "really?" dialog. */
export function WithdrawalForm() {
  const [reason, setReason] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const withdraw = useWithdraw();
  const navigate = useNavigate();
  const length = charLength(reason);
  const tooLong = length > WITHDRAWAL_REASON_MAX_LENGTH;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!understood || tooLong || withdraw.isPending) return;
    withdraw.reset();
    setConfirming(true);
  };

  const onConfirm = () => {
    withdraw.mutate(reason, {
      onSuccess: () => {
        setConfirming(false);
        showToast(t('withdrawal.done'), 'success', 8000);
        void navigate(paths.home.getHref(), { replace: true });
      },
      onError: () => setConfirming(false),
    });
  };

  return (
    <>
      <h1 className={ui.pageTitle}>{t('withdrawal.title')}</h1>
      <p>{t('withdrawal.body')}</p>
      <form className={form.form} onSubmit={onSubmit} noValidate aria-label={t('withdrawal.title')}>
        {withdraw.isError && <Alert type="error">{withdrawalErrorMessage(withdraw.error)}</Alert>}
        <Field
          label={t('withdrawal.reason')}
          hint={t('withdrawal.reasonHint', { n: length, max: WITHDRAWAL_REASON_MAX_LENGTH })}
          error={tooLong ? t('withdrawal.reasonTooLong', { n: length, max: WITHDRAWAL_REASON_MAX_LENGTH }) : null}
        >
          <textarea className={form.textarea} name="reason" value={reason} onChange={(e) => setReason(e.target.value)} rows={5} />
        </Field>
        <label className={form.check}>
          <input type="checkbox" checked={understood} onChange={(e) => setUnderstood(e.target.checked)} />
          <span>{t('withdrawal.confirm')}</span>
        </label>
        <button
          type="submit"
          className={`${ui.primary} ${styles.danger} ${form.submit}`}
          disabled={!understood || tooLong || withdraw.isPending}
        >
          {withdraw.isPending ? t('withdrawal.submitting') : t('withdrawal.submit')}
        </button>
        <p className={form.note}>
          <Link to={paths.profile.getHref()}>{t('withdrawal.back')}</Link>
        </p>
      </form>

      <Dialog open={confirming} onClose={() => !withdraw.isPending && setConfirming(false)} title={t('withdrawal.dialogTitle')}>
        <p>{t('withdrawal.dialogBody')}</p>
        <div className={styles.dialogActions}>
          <button type="button" className={ui.secondary} onClick={() => setConfirming(false)} disabled={withdraw.isPending}>
            {t('withdrawal.dialogCancel')}
          </button>
          <button
            type="button"
            className={`${ui.primary} ${styles.danger}`}
            onClick={onConfirm}
            disabled={withdraw.isPending}
            aria-busy={withdraw.isPending}
          >
            {withdraw.isPending ? t('withdrawal.submitting') : t('withdrawal.dialogConfirm')}
          </button>
        </div>
      </Dialog>
    </>
  );
}
