import { Link } from 'react-router';
import { useConfig } from '@/api/config';
import { paths } from '@/config/paths';
import { t } from '@/i18n/ja';
import { useAuth } from '@/stores/auth-store';
import styles from './Footer.module.css';

/**
 * Footer (SPEC §2 Shell): home (plus favourites, profile and withdrawal for signed-in
 * users), legal links, contact, the unofficial-fan-site note, ©.
 */
export function Footer() {
  const { data: config } = useConfig();
  const { isAuthenticated } = useAuth();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <nav aria-label={t('footer.legal')}>
          <ul className={styles.links}>
            <li>
              <Link to={paths.home.getHref()}>{t('nav.home')}</Link>
            </li>
            {isAuthenticated && (
              <>
                <li>
                  <Link to={paths.favorites.getHref()}>{t('footer.favorites')}</Link>
                </li>
                <li>
                  <Link to={paths.profile.getHref()}>{t('footer.profile')}</Link>
                </li>
                <li>
                  <Link to={paths.withdrawal.getHref()}>{t('footer.withdrawal')}</Link>
                </li>
              </>
            )}
            <li>
              <Link to={paths.guide.getHref()}>{t('nav.guide')}</Link>
            </li>
            <li>
              <Link to={paths.privacyPolicy.getHref()}>{t('footer.privacy')}</Link>
            </li>
            {config?.contact_url && (
              <li>
                <a href={config.contact_url} target="_blank" rel="noopener noreferrer">
                  {t('footer.contact')}
                </a>
              </li>
            )}
          </ul>
        </nav>
        <p className={styles.note}>{t('footer.unofficial')}</p>
        <p className={styles.copy}>{t('footer.copyright')}</p>
      </div>
    </footer>
  );
}
