import { useId, useRef, useState, type FormEvent } from 'react';
import { useConfig, type SiteConfig } from '@/api/config';
import { useInitialData } from '@/api/initial-data';
import { Alert } from '@/components/ui/Alert';
import { ConfigStatus } from '@/components/ui/ConfigStatus';
import { Field } from '@/components/ui/Field';
import { t } from '@/i18n/ja';
import { charLength } from '@/lib/validation';
import form from '@/styles/form.module.css';
import ui from '@/styles/ui.module.css';
import type { useReview } from '../hooks/use-review';
import { approveInput, isMoved, rejectReasonError, storeNameError, type LatLng } from '../lib/review';
import type { AdminSubmission } from '../types/submission';
import styles from './admin.module.css';
import { CoordinateFields } from './CoordinateFields';

interface ReviewFormProps {
  submission: AdminSubmission;
  origin: LatLng;
  /** The marker position, or null while a coordinate field holds something invalid. */
  position: LatLng | null;
  latText: string;
  lngText: string;
  onLatText: (text: string) => void;
  onLngText: (text: string) => void;
  onReset: () => void;
  review: ReturnType<typeof useReview>;
}

/**
 * Approve with edits (name, store type, the marker position) or reject with a reason.
 * Coordinates are sent only when the marker was moved (the server then stores them as exact).
 */
export function ReviewForm(props: ReviewFormProps) {
  const config = useConfig().data;
  return config ? <LoadedReviewForm {...props} config={config} /> : <ConfigStatus />;
}

/** The default store type and the name and reason limits come from /config. */
function LoadedReviewForm(props: ReviewFormProps & { config: SiteConfig }) {
  const { submission, origin, position, latText, lngText, onLatText, onLngText, onReset, review, config } = props;
  const { default_store_type: defaultStoreType, limits } = config;
  const [name, setName] = useState(submission.store_name);
  const [storeType, setStoreType] = useState<string | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonTouched, setReasonTouched] = useState(false);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const positionHintId = useId();

  const types = useInitialData().data?.store_types ?? [];
  // The server suggests a type from the name (ローソン → コンビニ, カードラボ → カードショップ …);
  // the admin can still choose another.
  const suggested = submission.suggested_store_type;
  const defaultType =
    [suggested, defaultStoreType].find((key) => key && types.some((type) => type.key === key)) ?? types[0]?.key ?? defaultStoreType;
  const selectedType = storeType ?? defaultType;

  const nameError = storeNameError(name, limits.max_submission_name_chars);
  const positionError = position ? null : t('admin.positionInvalid');
  const moved = position !== null && isMoved(origin, position);
  const reasonError = rejectReasonError(reason, limits.max_reject_reason_chars);
  const reasonLength = charLength(reason.trim());
  const { busy, action, error } = review;
  const approving = action?.kind === 'approve' && !('merge_into_store_id' in action.input);

  const onApprove = (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (busy || nameError || !position) return;
    review.run({ kind: 'approve', input: approveInput(name, selectedType, origin, position) });
  };

  const onReject = (event: FormEvent) => {
    event.preventDefault();
    setReasonTouched(true);
    if (busy) return;
    if (reasonError) {
      reasonRef.current?.focus();
      return;
    }
    review.run({ kind: 'reject', reason: reason.trim() });
  };

  return (
    <div className={styles.formArea}>
      {error && <Alert type="error">{error}</Alert>}
      <form className={styles.reviewForm} onSubmit={onApprove} noValidate aria-label={t('admin.review')}>
        <div className={styles.formRow}>
          <Field label={t('admin.name')} error={showErrors ? nameError : null}>
            <input className={form.input} name="name" value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />
          </Field>
          <Field label={t('admin.storeType')}>
            <select
              className={form.select}
              name="store_type"
              value={types.length > 0 ? selectedType : ''}
              onChange={(e) => setStoreType(e.target.value)}
              disabled={types.length === 0}
            >
              {types.length === 0 && <option value="">{t('common.loading')}</option>}
              {types.map((type) => (
                <option key={type.key} value={type.key}>
                  {type.icon ? `${type.icon} ${type.label}` : type.label}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <fieldset className={styles.position} aria-describedby={positionHintId}>
          <legend className={form.label}>{t('admin.position')}</legend>
          <p id={positionHintId} className={moved ? form.hintOk : form.hint} aria-live="polite">
            {moved ? t('admin.positionMoved') : t('admin.positionHint')}
          </p>
          <CoordinateFields
            latText={latText}
            lngText={lngText}
            onLatText={onLatText}
            onLngText={onLngText}
            onReset={moved || !position ? onReset : undefined}
            error={showErrors ? positionError : null}
            buttonClassName={styles.small}
          />
        </fieldset>
        <div className={styles.actions}>
          <button type="submit" className={ui.primary} disabled={busy} aria-busy={approving}>
            {approving ? t('admin.approving') : t('admin.approve')}
          </button>
          {!rejecting && (
            <button type="button" className={`${ui.secondary} ${styles.danger}`} disabled={busy} onClick={() => setRejecting(true)}>
              {t('admin.reject')}
            </button>
          )}
        </div>
      </form>
      {rejecting && (
        <form className={styles.rejectForm} onSubmit={onReject} noValidate aria-label={t('admin.reject')}>
          <Field
            label={t('admin.reason')}
            required
            hint={t('admin.reasonHint', { n: reasonLength, max: limits.max_reject_reason_chars })}
            error={reasonTouched ? reasonError : null}
          >
            <textarea
              ref={reasonRef}
              className={form.textarea}
              name="reason"
              rows={3}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              autoFocus
            />
          </Field>
          <div className={styles.actions}>
            <button type="submit" className={`${ui.primary} ${styles.dangerPrimary}`} disabled={busy} aria-busy={action?.kind === 'reject'}>
              {action?.kind === 'reject' ? t('admin.rejecting') : t('admin.rejectConfirm')}
            </button>
            <button
              type="button"
              className={ui.secondary}
              disabled={busy}
              onClick={() => {
                setRejecting(false);
                setReasonTouched(false);
              }}
            >
              {t('admin.cancel')}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
