import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useLimits, type Limits } from '@/api/config';
import { ConfigStatus } from '@/components/ui/ConfigStatus';
import { Dialog } from '@/components/ui/Dialog';
import { FormSubmitButton } from '@/components/ui/FormSubmitButton';
import { Field } from '@/components/ui/Field';
import { paths } from '@/config/paths';
import { t } from '@/i18n/ja';
import { ApiError } from '@/lib/api';
import { showToast } from '@/stores/toast-store';
import form from '@/styles/form.module.css';
import ui from '@/styles/ui.module.css';
import { useCreateSubmission } from '../api/create-submission';
import { useGpsPosition } from '../hooks/use-gps-position';
import { usePickedImages } from '../hooks/use-picked-images';
import { buildSubmissionFormData, isSubmissionValid, type LocationMethod } from '../lib/submission-form';
import { GpsStatus } from './GpsStatus';
import { ImagePicker } from './ImagePicker';
import { MethodSwitch } from './MethodSwitch';
import { StoresAround } from './StoresAround';
import dialogStyles from '@/components/ui/Dialog.module.css';
import styles from './SubmissionModal.module.css';

/**
 * The store submission modal (SPEC §2, §4, §5, §8): a full-height sheet on phones, a
 * centred dialog on desktop. Its state lives only while it is open, so closing it (×, Esc,
 * the overlay, or a successful post) clears the form. A form with content asks first
 * before ×, Esc or the overlay close it (a stray tap must not drop typed text and photos);
 * once it is closed it is cleared all the same.
 */
export function SubmissionModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const limits = useLimits();
  if (!open) return null;
  if (!limits)
    return (
      <Dialog open onClose={onClose} title={t('submission.title')} fullHeightOnPhone>
        <ConfigStatus />
      </Dialog>
    );
  return <OpenSubmissionModal limits={limits} onClose={onClose} />;
}

function OpenSubmissionModal({ limits, onClose }: { limits: Limits; onClose: () => void }) {
  const formId = useId();
  const [storeName, setStoreName] = useState('');
  const [method, setMethod] = useState<LocationMethod>('gps');
  const [address, setAddress] = useState('');
  const [comment, setComment] = useState('');
  const gps = useGpsPosition(method === 'gps');
  const pictures = usePickedImages(limits);
  const mutation = useCreateSubmission();

  const latitude = gps.state.status === 'located' ? gps.state.lat : 0;
  const longitude = gps.state.status === 'located' ? gps.state.lng : 0;
  const valid = isSubmissionValid({ storeName, method, latitude, longitude, address });

  const switchMethod = (next: LocationMethod) => {
    // SPEC §2: switching resets the coordinates (useGpsPosition clears or refetches them) and the address.
    setMethod(next);
    setAddress('');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || mutation.isPending) return;
    const body = buildSubmissionFormData({
      storeName,
      method,
      latitude,
      longitude,
      address,
      comment,
      images: pictures.images.map((i) => i.file),
    });
    try {
      const result = await mutation.mutateAsync(body);
      showToast(result.message || t('submission.success'), 'success');
      onClose();
    } catch (error) {
      showToast(error instanceof ApiError && error.fromServer ? error.message : t('submission.failed'), 'error');
    }
  };

  const located = gps.state.status === 'located' ? { lat: gps.state.lat, lng: gps.state.lng } : null;
  const hasContent =
    storeName.trim() !== '' || address.trim() !== '' || comment.trim() !== '' || pictures.images.length > 0;
  const [confirming, setConfirming] = useState(false);
  // Sending cannot be abandoned half-way by a stray tap either: the post finishes and closes.
  const requestClose = () => {
    if (mutation.isPending) return;
    if (hasContent) setConfirming((shown) => !shown);
    else onClose();
  };

  return (
    <Dialog
      open
      onClose={requestClose}
      title={t('submission.title')}
      fullHeightOnPhone
      footer={
        confirming ? (
          <DiscardConfirm onDiscard={onClose} onKeep={() => setConfirming(false)} />
        ) : (
        <FormSubmitButton
          formId={formId}
          valid={valid}
          pending={mutation.isPending}
          label={t('submission.submit')}
          pendingLabel={t('submission.sending')}
          testId="submission-submit"
        />
        )
      }
    >
      <form id={formId} className={form.form} onSubmit={(e) => void submit(e)} noValidate data-testid="submission-form">
        <p className={styles.lead}>
          {t('submission.lead')}{' '}
          {/* A new tab: reading the help must not close the form and lose what is typed. */}
          <Link to={paths.guideHowToPost.getHref()} target="_blank" rel="noopener" className={styles.guideLink}>
            {t('submission.guideLink')}
          </Link>
        </p>
        <fieldset className={dialogStyles.fieldset} disabled={mutation.isPending}>
          <Field label={t('submission.storeName')} required>
            <input
              className={form.input}
              value={storeName}
              onChange={(e) => setStoreName(e.target.value)}
              maxLength={limits.max_submission_name_chars}
              placeholder={t('submission.storeNamePlaceholder')}
              autoComplete="off"
              data-testid="submission-store-name"
            />
          </Field>

          <MethodSwitch value={method} onChange={switchMethod} />

          {method === 'gps' ? (
            <GpsStatus state={gps.state} onRelocate={gps.relocate} />
          ) : (
            <Field label={t('submission.address')} hint={t('submission.addressHint')} required>
              <input
                className={form.input}
                value={address}
                onChange={(e) => setAddress(e.target.value)}
                maxLength={limits.max_submission_address_chars}
                placeholder={t('submission.addressPlaceholder')}
                autoComplete="street-address"
                data-testid="submission-address"
              />
            </Field>
          )}

          {located && <StoresAround point={located} />}

          <Field label={t('submission.comment')} optional>
            <textarea
              className={form.textarea}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              maxLength={limits.max_submission_comment_chars}
              placeholder={t('submission.commentPlaceholder')}
              rows={3}
              data-testid="submission-comment"
            />
          </Field>

          <ImagePicker limits={limits} images={pictures.images} problems={pictures.problems} onAdd={pictures.add} onRemove={pictures.remove} />
        </fieldset>
      </form>
    </Dialog>
  );
}

/** Asked before a form with content is closed: discard it, or go back to it (the default). */
function DiscardConfirm({ onDiscard, onKeep }: { onDiscard: () => void; onKeep: () => void }) {
  const keepRef = useRef<HTMLButtonElement>(null);
  useEffect(() => keepRef.current?.focus(), []);
  return (
    <div role="alertdialog" aria-labelledby="submission-discard-title" aria-describedby="submission-discard-body" className={styles.discard} data-testid="submission-discard">
      <p id="submission-discard-title" className={styles.discardTitle}>
        {t('submission.discardTitle')}
      </p>
      <p id="submission-discard-body" className={styles.discardBody}>
        {t('submission.discardBody')}
      </p>
      <div className={styles.discardActions}>
        <button ref={keepRef} type="button" className={ui.secondary} onClick={onKeep}>
          {t('submission.discardCancel')}
        </button>
        <button type="button" className={`${ui.primary} ${styles.discardButton}`} onClick={onDiscard}>
          {t('submission.discardConfirm')}
        </button>
      </div>
    </div>
  );
}
