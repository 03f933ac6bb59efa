import { t } from '@/i18n/ja';
import ui from '@/styles/ui.module.css';
import styles from './admin.module.css';

interface PagerProps {
  page: number;
  pages: number;
  onChange: (page: number) => void;
}

/** 前のページ / 次のページ with "n / m ページ"; hidden when everything fits on one page. */
export function Pager({ page, pages, onChange }: PagerProps) {
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={t('admin.pager')}>
      <button type="button" className={ui.secondary} onClick={() => onChange(page - 1)} disabled={page <= 0}>
        {t('admin.prev')}
      </button>
      <span aria-current="page">{t('admin.pageOf', { page: page + 1, pages })}</span>
      <button type="button" className={ui.secondary} onClick={() => onChange(page + 1)} disabled={page >= pages - 1}>
        {t('admin.next')}
      </button>
    </nav>
  );
}
