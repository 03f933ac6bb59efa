import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Logo } from '@/components/ui/Logo';
import { paths } from '@/config/paths';
import { t } from '@/i18n/ja';
import { useAuth } from '@/stores/auth-store';
import styles from './Header.module.css';

/**
 * Fixed header (SPEC §2 Shell): logo + title to home, store-map link, and on the right
 * the login link (読み込み中... while auth loads; the user menu comes with accounts).
 * Small screens get a hamburger menu that closes on an outside click, Escape or navigation.
 */
export function Header() {
  const { isLoading } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  useEffect(() => {
    setMenuOpen(false);
  }, [location.pathname, location.search]);

  useEffect(() => {
    if (!menuOpen) return;
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      const target = event.target as Node;
      if (menuRef.current?.contains(target) || buttonRef.current?.contains(target)) return;
      setMenuOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('touchstart', onPointerDown as EventListener);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('touchstart', onPointerDown as EventListener);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [menuOpen]);

  useEffect(() => {
    if (menuOpen) menuRef.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, [menuOpen]);

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to={paths.home.getHref()} className={styles.brand}>
          <Logo size={30} />
          <span className={styles.title}>{t('site.title')}</span>
        </Link>

        <nav className={styles.nav} aria-label={t('nav.main')}>
          <NavLink
            to={paths.map.getHref()}
            className={({ isActive }) => `${styles.navLink} ${isActive ? styles.active : ''}`}
          >
            {t('nav.map')}
          </NavLink>
        </nav>

        <div className={styles.right}>
          {isLoading ? (
            <span className={styles.loading}>{t('auth.loading')}</span>
          ) : (
            <Link to={paths.login.getHref()} className={styles.login}>
              {t('nav.login')}
            </Link>
          )}
          <button
            ref={buttonRef}
            type="button"
            className={styles.hamburger}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span className={styles.bars} aria-hidden="true" data-open={menuOpen} />
          </button>
        </div>
      </div>

      {menuOpen && (
        <div ref={menuRef} id="mobile-menu" className={styles.mobileMenu}>
          <nav aria-label={t('nav.menu')}>
            <ul>
              <li>
                <Link to={paths.map.getHref()} className={styles.menuItem}>
                  <span aria-hidden="true">🗺️</span> {t('nav.map')}
                </Link>
              </li>
            </ul>
          </nav>
        </div>
      )}
    </header>
  );
}
