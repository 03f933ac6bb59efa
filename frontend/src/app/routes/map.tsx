import { StoreMap } from '@/features/map/components/StoreMap';

export default function MapRoute() {
  return <StoreMap />;
}
