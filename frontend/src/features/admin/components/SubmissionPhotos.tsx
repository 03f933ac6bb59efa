import { useState } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { t } from '@/i18n/ja';
import type { Photo } from '@/api/stores';
import styles from './admin.module.css';

/** Thumbnails; each opens the full photo in a dialog with a link to open it in a new tab. */
export function SubmissionPhotos({ photos }: { photos: Photo[] }) {
  const [open, setOpen] = useState<number | null>(null);
  if (photos.length === 0) return null;
  const current = open === null ? undefined : photos[open];
  return (
    <>
      <ul className={styles.thumbs} aria-label={t('admin.photos')}>
        {photos.map((photo, i) => (
          <li key={photo.url}>
            <button type="button" className={styles.thumb} onClick={() => setOpen(i)} aria-label={t('admin.openPhoto', { n: i + 1 })}>
              <img src={photo.thumb_url} alt="" loading="lazy" width={96} height={96} />
            </button>
          </li>
        ))}
      </ul>
      <Dialog
        open={current !== undefined}
        onClose={() => setOpen(null)}
        title={t('admin.photoTitle', { n: (open ?? 0) + 1, count: photos.length })}
      >
        {current && (
          <figure className={styles.lightbox}>
            <img src={current.url} alt={t('admin.photoAlt', { n: (open ?? 0) + 1 })} width={current.width} height={current.height} />
            <figcaption>
              <a href={current.url} target="_blank" rel="noopener noreferrer">
                {t('admin.openPhotoTab')}
              </a>
            </figcaption>
          </figure>
        )}
      </Dialog>
    </>
  );
}
