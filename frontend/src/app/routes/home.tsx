import { HomeHero } from '@/features/home/components/HomeHero';
import { RegionSection } from '@/features/home/components/RegionSection';
import { AddStoreButton } from '@/features/submission/components/AddStoreButton';
import { TimelineButton } from '@/features/timeline/components/TimelineButton';
import { t } from '@/i18n/ja';

export function HomeRoute() {
  return (
    <>
      <HomeHero extraActions={<TimelineButton>{t('timeline.title')}</TimelineButton>} />
      <RegionSection />
      <AddStoreButton />
    </>
  );
}
