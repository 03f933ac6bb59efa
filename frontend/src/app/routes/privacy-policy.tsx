import policy from 'virtual:content-page/privacy-policy';
import { RichText } from '@/components/ui/RichText';
import { usePageMeta } from '@/hooks/use-page-meta';
import { t } from '@/i18n/ja';
import { formatIsoDate } from '@/lib/format';
import ui from '@/styles/ui.module.css';
import styles from './pages.module.css';

/**
 * PRODUCT §8 privacy policy. The text is content/pages/privacy-policy.md, rendered and
 * sanitised at build time (lazy chunk: it is long and few visitors open it).
 */
export default function PrivacyPolicyRoute() {
  usePageMeta({ title: t('privacy.title'), description: policy.description });
  return (
    <div className={ui.page}>
      <article className={ui.card}>
        <h1 className={ui.pageTitle}>{t('privacy.title')}</h1>
        <p className={`${ui.muted} ${styles.updated}`}>{t('privacy.updated', { date: formatIsoDate(policy.updated) })}</p>
        <RichText html={policy.html} />
      </article>
    </div>
  );
}
