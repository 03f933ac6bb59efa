import { FavoritesList } from '@/features/favorites/components/FavoritesList';
import { UnsubscribePanel } from '@/features/favorites/components/UnsubscribePanel';
import { MyStats } from '@/features/stats/components/MyStats';
import { WatchOffPanel } from '@/features/watches/components/WatchOffPanel';
import { t } from '@/i18n/ja';
import ui from '@/styles/ui.module.css';
import styles from './pages.module.css';

/** The personal pages (one lazy chunk): お気に入り店舗, マイ投稿統計, and the alert mail's unsubscribe link. */

export function FavoritesRoute() {
  return (
    <div className={ui.page}>
      <section className={ui.card}>
        <h1 className={ui.pageTitle}>{t('favorites.title')}</h1>
        <p className={ui.muted}>{t('favorites.lead')}</p>
        <FavoritesList />
      </section>
    </div>
  );
}

export function MyStatsRoute() {
  return (
    <div className={ui.page}>
      <section className={ui.card}>
        <MyStats />
      </section>
    </div>
  );
}

export function UnsubscribeRoute() {
  return (
    <div className={`${ui.page} ${styles.narrow}`}>
      <section className={ui.card}>
        <UnsubscribePanel />
      </section>
    </div>
  );
}

export function WatchOffRoute() {
  return (
    <div className={`${ui.page} ${styles.narrow}`}>
      <section className={ui.card}>
        <WatchOffPanel />
      </section>
    </div>
  );
}
