import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { t } from '@/i18n/ja';
import { getRateLimitedUntil } from '@/lib/access-state';
import ui from '@/styles/ui.module.css';
import styles from './pages.module.css';

function secondsLeft(): number {
  const until = getRateLimitedUntil(); // removes the timestamp once it has expired
  return until === null ? 0 : Math.ceil((until - Date.now()) / 1000);
}

export function RateLimitedRoute() {
  const [left, setLeft] = useState(secondsLeft);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setInterval(() => setLeft(secondsLeft()), 1000);
    return () => clearInterval(timer);
  }, [left]);

  return (
    <div className={ui.page}>
      <section className={ui.card}>
        <h1 className={ui.pageTitle}>{t('rateLimited.title')}</h1>
        <p>{t('rateLimited.body')}</p>
        <p role="timer" aria-live="polite" className={styles.timer}>
          {left > 0 ? t('rateLimited.countdown', { s: left }) : t('rateLimited.ready')}
        </p>
        {left <= 0 && (
          <Link to={paths.home.getHref()} className={ui.primary}>
            {t('common.backHome')}
          </Link>
        )}
      </section>
    </div>
  );
}
