import { createStore } from '@/stores/create-store';

/** A new version of the app is installed and waiting (shown as 更新があります). */
export const updateStore = createStore<{ waiting: ServiceWorker | null }>({ waiting: null });

const SW_URL = '/sw.js';

/**
 * Registers the service worker (build/sw-template.js) in production builds, after the page's
 * load event and `after` (the first markers of a visit that lands on the map: the install
 * downloads every asset). A new version waits and takes over on the next
 * visit; the update prompt can apply it now.
 */
export function registerServiceWorker(after: Promise<void> = Promise.resolve()): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    void after
      .then(() => navigator.serviceWorker.register(SW_URL))
      .then((registration) => {
        const offer = (worker: ServiceWorker | null) => {
          // Only an update: the first install has no controller to replace.
          if (worker && navigator.serviceWorker.controller) updateStore.set({ waiting: worker });
        };
        offer(registration.waiting);
        registration.addEventListener('updatefound', () => {
          const installing = registration.installing;
          installing?.addEventListener('statechange', () => {
            if (installing.state === 'installed') offer(installing);
          });
        });
      })
      .catch(() => {
        // No service worker (private mode, unsupported): the site works online as before.
      });
  });
}

/** Activates the waiting version and reloads once it controls the page. */
export function applyUpdate(): void {
  const { waiting } = updateStore.get();
  if (!waiting) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}
