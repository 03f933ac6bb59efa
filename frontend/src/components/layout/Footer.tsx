import { Link } from 'react-router';
import { useConfig } from '@/api/config';
import { paths } from '@/config/paths';
import { t } from '@/i18n/ja';
import styles from './Footer.module.css';

/** Footer (SPEC §2 Shell): home, legal links, contact, the unofficial-fan-site note, ©. */
export function Footer() {
  const { data: config } = useConfig();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <nav aria-label={t('footer.legal')}>
          <ul className={styles.links}>
            <li>
              <Link to={paths.home.getHref()}>{t('nav.home')}</Link>
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
