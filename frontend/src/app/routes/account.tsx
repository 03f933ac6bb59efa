import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { AuthActionPanel } from '@/features/auth/components/AuthActionPanel';
import { AuthTabs } from '@/features/auth/components/AuthTabs';
import { EmailVerificationPanel } from '@/features/auth/components/EmailVerificationPanel';
import { PasswordResetRequest } from '@/features/auth/components/PasswordResetRequest';
import { ProfileView } from '@/features/profile/components/ProfileView';
import { WatchList } from '@/features/watches/components/WatchList';
import { WithdrawalForm } from '@/features/profile/components/WithdrawalForm';
import { t } from '@/i18n/ja';
import ui from '@/styles/ui.module.css';
import styles from './pages.module.css';

/** The account pages (loaded as one chunk: none of them is needed by the home page or the map). */

// The lottery calendar's section, with its texts, in its own chunk.
const LotteryCalendarSetting = lazy(() => import('@/features/lotteries/components/LotteryCalendarSetting'));

export function LoginRoute() {
  const [params] = useSearchParams();
  const signup = params.get('tab') === 'signup';
  return (
    <div className={`${ui.page} ${styles.narrow}`}>
      <section className={ui.card}>
        <h1 className={ui.pageTitle}>{signup ? t('login.tabSignup') : t('login.title')}</h1>
        <p className={ui.muted}>{t('login.lead')}</p>
        <AuthTabs />
      </section>
    </div>
  );
}

export function EmailVerificationRoute() {
  return (
    <div className={`${ui.page} ${styles.narrow}`}>
      <section className={ui.card}>
        <EmailVerificationPanel />
      </section>
    </div>
  );
}

export function PasswordResetRoute() {
  return (
    <div className={`${ui.page} ${styles.narrow}`}>
      <section className={ui.card}>
        <PasswordResetRequest />
      </section>
    </div>
  );
}

export function AuthActionRoute() {
  return (
    <div className={`${ui.page} ${styles.narrow}`}>
      <section className={ui.card}>
        <AuthActionPanel />
      </section>
    </div>
  );
}

export function ProfileRoute() {
  return (
    <div className={ui.page}>
      <section className={ui.card}>
        <ProfileView
          settings={
            <>
              <WatchList />
              <Suspense fallback={null}>
                <LotteryCalendarSetting />
              </Suspense>
            </>
          }
        />
      </section>
    </div>
  );
}

export function WithdrawalRoute() {
  return (
    <div className={ui.page}>
      <section className={ui.card}>
        <WithdrawalForm />
      </section>
    </div>
  );
}
