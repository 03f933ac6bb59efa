import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { t } from '@/i18n/ja';
import styles from './PhotoViewer.module.css';

/** A horizontal swipe longer than this (px) moves to the next or previous photo. */
const SWIPE_MIN_PX = 40;

interface PhotoViewerProps {
  photos: ReadonlyArray<{ url: string }>;
  name: string;
  start: number;
  onClose: () => void;
}

/**
 * The full-size photos (loaded lazily with the sheet's first tap on a thumbnail): arrows,
 * ←/→ keys and a swipe move between them; Escape or 閉じる closes.
 */
export default function PhotoViewer({ photos, name, start, onClose }: PhotoViewerProps) {
  const [index, setIndex] = useState(start);
  const downX = useRef<number | null>(null);
  const count = photos.length;
  const go = (step: number) => setIndex((i) => (i + step + count) % count);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') setIndex((i) => (i + 1) % count);
      else if (event.key === 'ArrowLeft') setIndex((i) => (i - 1 + count) % count);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [count]);

  const photo = photos[index];
  if (!photo) return null;

  const onPointerDown = (event: PointerEvent) => {
    downX.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (downX.current === null) return;
    const dx = event.clientX - downX.current;
    downX.current = null;
    if (Math.abs(dx) >= SWIPE_MIN_PX) go(dx < 0 ? 1 : -1);
  };

  return (
    <Dialog open onClose={onClose} title={t('viewer.title', { name })} fullHeightOnPhone>
      <div className={styles.viewer} data-testid="photo-viewer">
        <div className={styles.stage} onPointerDown={onPointerDown} onPointerUp={onPointerUp}>
          <img
            key={photo.url}
            className={styles.photo}
            src={photo.url}
            alt={t('viewer.alt', { name, n: index + 1 })}
            draggable={false}
          />
        </div>
        {count > 1 && (
          <div className={styles.nav}>
            <button type="button" className={styles.arrow} onClick={() => go(-1)} aria-label={t('viewer.prev')}>
              ‹
            </button>
            <span className={styles.position} aria-live="polite">
              {t('viewer.position', { n: index + 1, total: count })}
            </span>
            <button type="button" className={styles.arrow} onClick={() => go(1)} aria-label={t('viewer.next')}>
              ›
            </button>
          </div>
        )}
      </div>
    </Dialog>
  );
}
