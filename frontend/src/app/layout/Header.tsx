import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { Logo } from '@/components/ui/Logo';
import { paths } from '@/config/paths';
import { RankingDialog } from '@/features/ranking/components/RankingDialog';
import { t } from '@/i18n/ja';
import { authErrorMessage } from '@/lib/auth-errors';
import { prefectureCodeFromName } from '@/lib/prefecture-codes';
import { signOut } from '@/lib/session';
import { displayName, useAuth, type AuthUser } from '@/stores/auth-store';
import { showToast } from '@/stores/toast-store';
import styles from './Header.module.css';

type OpenMenu = 'user' | 'mobile' | null;

/**
 * Fixed header (SPEC §2 Shell): logo + title to home, the store-map link (with the
 * profile's prefecture), and on the right one of three things: the login link,
 * 読み込み中... while auth loads, or the user menu. Small screens add a hamburger with the
 * store map and the ranking, then the same user block. One menu at a time; an outside
 * click, Escape or a navigation closes them.
 */
export function Header() {
  const { isLoading, user, isAdmin } = useAuth();
  const [open, setOpen] = useState<OpenMenu>(null);
  const [rankingOpen, setRankingOpen] = useState(false);
  const userButtonRef = useRef<HTMLButtonElement>(null);
  const userMenuRef = useRef<HTMLDivElement>(null);
  const mobileButtonRef = useRef<HTMLButtonElement>(null);
  const mobileMenuRef = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    setOpen(null);
  }, [location.pathname, location.search]);

  useEffect(() => {
    if (!user) setOpen((o) => (o === 'user' ? null : o));
  }, [user]);

  useEffect(() => {
    if (!open) return;
    const inside = (target: Node) =>
      [userButtonRef, userMenuRef, mobileButtonRef, mobileMenuRef].some((ref) => ref.current?.contains(target));
    const onPointerDown = (event: Event) => {
      if (!inside(event.target as Node)) setOpen(null);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      (open === 'user' ? userButtonRef : mobileButtonRef).current?.focus();
      setOpen(null);
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('touchstart', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('touchstart', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  useEffect(() => {
    const menu = open === 'user' ? userMenuRef.current : open === 'mobile' ? mobileMenuRef.current : null;
    menu?.querySelector<HTMLElement>('a, button')?.focus();
  }, [open]);

  const toggle = (menu: Exclude<OpenMenu, null>) => setOpen((current) => (current === menu ? null : menu));

  const openRanking = () => {
    setOpen(null);
    setRankingOpen(true);
  };

  const onLogout = async () => {
    setOpen(null);
    try {
      await signOut();
      showToast(t('auth.loggedOut'), 'success');
      void navigate(paths.login.getHref());
    } catch (error) {
      showToast(authErrorMessage(error), 'error');
    }
  };

  const prefectureCode = prefectureCodeFromName(user?.prefecture);
  const mapHref = paths.map.getHref(prefectureCode ? { prefecture: prefectureCode } : undefined);
  const name = displayName(user);

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to={paths.home.getHref()} className={styles.brand}>
          <Logo size={30} />
          <span className={styles.title}>{t('site.title')}</span>
        </Link>

        <nav className={styles.nav} aria-label={t('nav.main')}>
          <NavLink to={mapHref} className={({ isActive }) => `${styles.navLink} ${isActive ? styles.active : ''}`}>
            {t('nav.map')}
          </NavLink>
          <NavLink to={paths.lotteries.getHref()} className={({ isActive }) => `${styles.navLink} ${isActive ? styles.active : ''}`}>
            {t('nav.lotteries')}
          </NavLink>
          <button type="button" className={styles.navLink} onClick={openRanking}>
            {t('nav.ranking')}
          </button>
          <NavLink to={paths.guide.getHref()} className={({ isActive }) => `${styles.navLink} ${isActive ? styles.active : ''}`}>
            {t('nav.guide')}
          </NavLink>
        </nav>

        <div className={styles.right}>
          {isLoading ? (
            <span className={styles.loading} role="status">
              {t('auth.loading')}
            </span>
          ) : user ? (
            <button
              ref={userButtonRef}
              type="button"
              className={styles.userButton}
              aria-expanded={open === 'user'}
              aria-controls="user-menu"
              onClick={() => toggle('user')}
            >
              <Avatar name={name} />
              {/* The accessible name is the visible name + さんのメニュー (no aria-label that hides the visible text). */}
              <span className={styles.userName}>
                {name}
                <span className={styles.nameSuffix}>{t('nav.userMenuSuffix')}</span>
              </span>
              <span className={styles.caret} aria-hidden="true" />
            </button>
          ) : (
            <Link to={paths.login.getHref()} className={styles.login}>
              {t('nav.login')}
            </Link>
          )}
          <button
            ref={mobileButtonRef}
            type="button"
            className={styles.hamburger}
            aria-expanded={open === 'mobile'}
            aria-controls="mobile-menu"
            aria-label={open === 'mobile' ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={() => toggle('mobile')}
          >
            <span className={styles.bars} aria-hidden="true" data-open={open === 'mobile'} />
          </button>
        </div>
      </div>

      {open === 'user' && user && (
        <div ref={userMenuRef} id="user-menu" className={styles.userMenu}>
          <nav aria-label={t('nav.userMenu')}>
            <UserBlock user={user} name={name} />
            <UserLinks isAdmin={isAdmin} onRanking={openRanking} onLogout={() => void onLogout()} withRanking />
          </nav>
        </div>
      )}

      {open === 'mobile' && (
        <div ref={mobileMenuRef} id="mobile-menu" className={styles.mobileMenu}>
          <nav aria-label={t('nav.menu')}>
            <ul>
              <li>
                <Link to={mapHref} className={styles.menuItem}>
                  <span aria-hidden="true">🗺️</span> {t('nav.map')}
                </Link>
              </li>
              <li>
                <Link to={paths.lotteries.getHref()} className={styles.menuItem}>
                  <span aria-hidden="true">🎟️</span> {t('nav.lotteries')}
                </Link>
              </li>
              <li>
                <button type="button" className={styles.menuItem} onClick={openRanking}>
                  <span aria-hidden="true">🏆</span> {t('nav.ranking')}
                </button>
              </li>
              <li>
                <Link to={paths.guide.getHref()} className={styles.menuItem}>
                  <span aria-hidden="true">📖</span> {t('nav.guide')}
                </Link>
              </li>
              {!user && !isLoading && (
                <li>
                  <Link to={paths.login.getHref()} className={styles.menuItem}>
                    <span aria-hidden="true">🔑</span> {t('nav.login')}
                  </Link>
                </li>
              )}
            </ul>
            {user && (
              <div className={styles.menuUser}>
                <UserBlock user={user} name={name} />
                <UserLinks isAdmin={isAdmin} onRanking={openRanking} onLogout={() => void onLogout()} />
              </div>
            )}
          </nav>
        </div>
      )}

      <RankingDialog open={rankingOpen} onClose={() => setRankingOpen(false)} />
    </header>
  );
}

function Avatar({ name, large }: { name: string; large?: boolean }) {
  return (
    <span className={large ? styles.avatarLarge : styles.avatar} aria-hidden="true">
      {Array.from(name)[0] ?? '?'}
    </span>
  );
}

function UserBlock({ user, name }: { user: AuthUser; name: string }) {
  return (
    <div className={styles.userBlock}>
      <Avatar name={name} large />
      <div className={styles.userText}>
        <span className={styles.userBlockName}>{name}</span>
        {user.prefecture && <span className={styles.userPrefecture}>{user.prefecture}</span>}
      </div>
    </div>
  );
}

function UserLinks({
  isAdmin,
  onRanking,
  onLogout,
  withRanking,
}: {
  isAdmin: boolean;
  onRanking: () => void;
  onLogout: () => void;
  withRanking?: boolean;
}) {
  return (
    <ul>
      <li>
        <Link to={paths.profile.getHref()} className={styles.menuItem}>
          <span aria-hidden="true">👤</span> {t('nav.profile')}
        </Link>
      </li>
      <li>
        <Link to={paths.favorites.getHref()} className={styles.menuItem}>
          <span aria-hidden="true">⭐</span> {t('nav.favorites')}
        </Link>
      </li>
      <li>
        <Link to={paths.savedTrips.getHref()} className={styles.menuItem}>
          <span aria-hidden="true">🧭</span> {t('nav.savedRoutes')}
        </Link>
      </li>
      {withRanking && (
        <li>
          <button type="button" className={styles.menuItem} onClick={onRanking}>
            <span aria-hidden="true">🏆</span> {t('nav.ranking')}
          </button>
        </li>
      )}
      {isAdmin && (
        <li>
          <Link to={paths.admin.getHref()} className={styles.menuItem}>
            <span aria-hidden="true">🛠️</span> {t('nav.admin')}
          </Link>
        </li>
      )}
      <li className={styles.logoutItem}>
        <button type="button" className={styles.menuItem} onClick={onLogout}>
          <span aria-hidden="true">🚪</span> {t('nav.logout')}
        </button>
      </li>
    </ul>
  );
}
