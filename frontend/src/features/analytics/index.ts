/** /admin/analytics: the page the router (inside the console's tab bar) renders. */
export { AdminAnalyticsPage } from './components/AdminAnalyticsPage';
