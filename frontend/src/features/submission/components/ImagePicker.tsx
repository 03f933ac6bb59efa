import { useId, useRef } from 'react';
import type { Limits } from '@/api/config';
import { t } from '@/i18n/ja';
import form from '@/styles/form.module.css';
import { megabytes } from '../lib/submission-form';
import type { PickedImage } from '../hooks/use-picked-images';
import styles from './SubmissionModal.module.css';

/** SPEC §5: any image type plus HEIC/HEIF (the server converts them to JPEG). */
const ACCEPT = 'image/*,.heic,.heif';

interface ImagePickerProps {
  limits: Limits;
  images: PickedImage[];
  problems: string[];
  onAdd: (files: File[]) => void;
  onRemove: (id: number) => void;
}

/** Up to three photos with previews; HEIC/HEIF get a file-name tile (プレビューなし). */
export function ImagePicker({ limits, images, problems, onAdd, onRemove }: ImagePickerProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const input = useRef<HTMLInputElement>(null);
  // Full still lets the user pick: SPEC §5 wants the alert for a 4th image.
  const full = images.length >= limits.max_images_per_submission;

  return (
    <div className={form.field}>
      <span className={form.label}>
        {t('submission.images')}
        <span className={form.badge}>{t('form.optional')}</span>
      </span>
      {images.length > 0 && (
        <ul className={styles.thumbs} data-testid="submission-previews">
          {images.map((image) => (
            <li key={image.id} className={styles.thumb}>
              {image.previewUrl ? (
                <img src={image.previewUrl} alt={image.file.name} className={styles.thumbImage} />
              ) : (
                <div className={styles.thumbTile} data-testid="submission-no-preview">
                  <span className={styles.thumbName}>{image.file.name}</span>
                  <span className={styles.thumbNote}>{t('submission.noPreview')}</span>
                </div>
              )}
              <button
                type="button"
                className={styles.thumbRemove}
                onClick={() => onRemove(image.id)}
                aria-label={t('submission.imageRemove', { name: image.file.name })}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={ACCEPT}
        multiple
        className={styles.fileInput}
        aria-describedby={hintId}
        data-testid="submission-images-input"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Cleared so that choosing the same file again fires a change.
          if (input.current) input.current.value = '';
          if (files.length > 0) onAdd(files);
        }}
      />
      <label htmlFor={inputId} className={styles.addPhoto} data-full={full ? 'true' : undefined}>
        <span aria-hidden="true">📷</span> {t('submission.imagesAdd', { n: images.length, max: limits.max_images_per_submission })}
      </label>
      <p id={hintId} className={form.hint}>
        {t('submission.imagesHint', { max: limits.max_images_per_submission, mb: megabytes(limits.max_photo_bytes) })}
      </p>
      {problems.map((problem) => (
        <p key={problem} className={form.fieldError} role="alert">
          {problem}
        </p>
      ))}
    </div>
  );
}
