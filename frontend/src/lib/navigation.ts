/**
 * Lets code outside React (the API client) change the route. The app registers the
 * router's navigate function at start; until then a full page load is used.
 */
type Navigate = (to: string) => void;

let current: Navigate = (to) => {
  window.location.assign(to);
};

export function setNavigator(navigate: Navigate): void {
  current = navigate;
}

export function navigateTo(to: string): void {
  current(to);
}
