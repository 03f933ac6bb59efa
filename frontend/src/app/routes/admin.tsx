import { ModerationQueue } from '@/features/admin/components/ModerationQueue';

/** /admin 管理画面 (admin only; the route guard has asked the server before this renders). */
export default function AdminRoute() {
  return <ModerationQueue />;
}
