import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { paths } from '@/config/paths';
import { t } from '@/i18n/ja';
import { displayName, useAuth } from '@/stores/auth-store';
import ui from '@/styles/ui.module.css';
import { useProfile } from '../api/profile';
import { FavoriteAlertsSetting, ReviewMailSetting } from './FavoriteAlertsSetting';
import { NotificationSettings } from './NotificationSettings';
import { ProfileForm } from './ProfileForm';
import styles from './profile.module.css';

function formatDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat('ja-JP', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'Asia/Tokyo' }).format(date);
}

/**
 * /profile マイページ: the profile, its edit form, and the member menu. `settings`: more
 * settings sections from other features (area watches, the lottery calendar), wired by the route.
 */
export function ProfileView({ settings }: { settings?: ReactNode } = {}) {
  const { user } = useAuth();
  const profile = useProfile();
  const [editing, setEditing] = useState(false);
  if (!user) return null; // signed out while here: the next navigation leaves

  const name = displayName(user);
  const since = formatDate(user.created_at);
  return (
    <>
      <h1 className={ui.pageTitle}>{t('profile.title')}</h1>
      {profile.isError && <Alert type="warning">{t('profile.loadError')}</Alert>}
      <div className={styles.head}>
        <span className={styles.avatar} aria-hidden="true">
          {Array.from(name)[0] ?? '?'}
        </span>
        <div>
          <p className={styles.name} data-testid="profile-name">
            {name}
          </p>
          {user.admin && <span className={styles.badge}>{t('profile.admin')}</span>}
        </div>
      </div>

      {editing ? (
        <ProfileForm user={user} onDone={() => setEditing(false)} />
      ) : (
        <>
          <dl className={styles.list}>
            <div className={styles.row}>
              <dt>{t('profile.nickname')}</dt>
              <dd>{user.nickname || <span className={styles.unset}>{t('profile.unset')}</span>}</dd>
            </div>
            <div className={styles.row}>
              <dt>{t('profile.prefecture')}</dt>
              <dd data-testid="profile-prefecture">
                {user.prefecture || <span className={styles.unset}>{t('profile.unset')}</span>}
              </dd>
            </div>
            <div className={styles.row}>
              <dt>{t('profile.email')}</dt>
              <dd>{user.email}</dd>
            </div>
            {since && (
              <div className={styles.row}>
                <dt>{t('profile.memberSince')}</dt>
                <dd>{since}</dd>
              </div>
            )}
          </dl>
          <button type="button" className={ui.primary} onClick={() => setEditing(true)}>
            {t('profile.edit')}
          </button>
        </>
      )}

      <FavoriteAlertsSetting user={user} />
      <ReviewMailSetting user={user} />
      <NotificationSettings />
      {settings}

      <nav className={styles.menu} aria-labelledby="profile-menu-title">
        <h2 id="profile-menu-title" className={styles.menuTitle}>
          {t('profile.menu')}
        </h2>
        <ul className={styles.menuList}>
          <li>
            <Link to={paths.favorites.getHref()} className={styles.menuLink}>
              <span aria-hidden="true">⭐</span>
              {t('nav.favorites')}
            </Link>
          </li>
          <li>
            <Link to={paths.savedTrips.getHref()} className={styles.menuLink}>
              <span aria-hidden="true">🧭</span>
              {t('nav.savedRoutes')}
            </Link>
          </li>
          <li>
            <Link to={paths.myStats.getHref()} className={styles.menuLink}>
              <span aria-hidden="true">📊</span>
              {t('stats.title')}
            </Link>
          </li>
        </ul>
      </nav>
      <p className={styles.withdraw}>
        <Link to={paths.withdrawal.getHref()}>{t('profile.withdrawLink')}</Link>
      </p>
    </>
  );
}
