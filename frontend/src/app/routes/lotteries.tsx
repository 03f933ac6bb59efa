import { LotteriesPage } from '@/features/lotteries/components/LotteriesPage';
import { LotteryForm } from '@/features/lotteries/components/LotteryForm';
import { tl } from '@/i18n/ja-lottery';
import ui from '@/styles/ui.module.css';

/** The lottery pages (one lazy chunk with their texts): 抽選情報 and its submission form. */

export function LotteriesRoute() {
  return <LotteriesPage />;
}

export function LotteryNewRoute() {
  return (
    <div className={ui.page}>
      <section className={ui.card}>
        <h1 className={ui.pageTitle}>{tl('form.title')}</h1>
        <p className={ui.muted}>{tl('form.lead')}</p>
        <LotteryForm />
      </section>
    </div>
  );
}
