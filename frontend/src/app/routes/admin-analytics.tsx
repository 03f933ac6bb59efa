import { AdminAnalyticsPage } from '@/features/analytics';

/** /admin/analytics アナリティクス (admin only; the route guard has asked the server before this renders). */
export default AdminAnalyticsPage;
