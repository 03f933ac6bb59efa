import { useId, useState } from 'react';
import { storeUrl, type Store } from '@/api/stores';
import { t } from '@/i18n/ja';
import { lineShareUrl, xShareUrl } from '../lib/share';
import styles from './StoreSheet.module.css';

/** 共有: the Web Share API where the browser has it, else links that post to X and LINE. */
export function ShareButton({ store }: { store: Store }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const url = storeUrl(store.id);
  const text = t('sheet.shareText', { name: store.name });
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const onClick = () => {
    if (canShare) {
      // A cancelled share rejects with AbortError: nothing to tell the user.
      navigator.share({ title: text, text, url }).catch(() => undefined);
      return;
    }
    setOpen((o) => !o);
  };

  return (
    <span className={styles.shareWrap}>
      <button
        type="button"
        className={styles.action}
        onClick={onClick}
        aria-expanded={canShare ? undefined : open}
        aria-controls={canShare ? undefined : menuId}
        data-testid="store-sheet-share"
      >
        <span aria-hidden="true">↗</span> {t('sheet.share')}
      </button>
      {!canShare && open && (
        <span id={menuId} className={styles.shareMenu} role="group" aria-label={t('sheet.shareTitle')}>
          <a href={xShareUrl(text, url)} target="_blank" rel="noopener noreferrer" className={styles.shareLink}>
            {t('sheet.shareOnX')}
          </a>
          <a href={lineShareUrl(url)} target="_blank" rel="noopener noreferrer" className={styles.shareLink}>
            {t('sheet.shareOnLine')}
          </a>
        </span>
      )}
    </span>
  );
}
