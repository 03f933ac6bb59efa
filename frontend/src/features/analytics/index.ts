/** /admin/analytics (issue 11 §5): the page the router (and admin-fe's tab bar) renders. */
export { AdminAnalyticsPage } from './components/AdminAnalyticsPage';
