import { t } from '@/i18n/ja';

/** What this browser offers for Web Push. */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The base64url text of the VAPID key as the bytes PushManager.subscribe wants. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '=');
  const raw = atob(base64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) out[i] = raw.charCodeAt(i);
  return out;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/** A default name for this device, from its user agent (the user sees it in the list). */
export function deviceLabel(userAgent: string): string {
  if (/iPad|Tablet/i.test(userAgent)) return t('push.labelTablet');
  if (/iPhone|Android.*Mobile|Mobile/i.test(userAgent)) return t('push.labelPhone');
  return t('push.labelComputer');
}

/**
 * The page's service worker registration: the one the app registered, else registered
 * here (a visit that has not registered it yet), once it is active.
 */
export async function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration();
  if (!existing) await navigator.serviceWorker.register('/sw.js');
  return navigator.serviceWorker.ready;
}

export type EnableResult = { state: 'subscribed'; subscription: PushSubscriptionJSON } | { state: 'denied' | 'unsupported' };

/**
 * Asks for the notification permission (only ever called from the user's tap) and
 * subscribes this browser with the server's key.
 */
export async function subscribeThisDevice(publicKey: string): Promise<EnableResult> {
  if (!pushSupported()) return { state: 'unsupported' };
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return { state: 'denied' };
  const registration = await serviceWorkerRegistration();
  const serverKey = base64UrlToBytes(publicKey);
  // A subscription this browser already holds: kept when it is for this server's key,
  // else replaced (subscribe() refuses a second key while the old subscription lives).
  const existing = await registration.pushManager.getSubscription();
  if (existing) {
    const key = existing.options.applicationServerKey;
    if (key && sameBytes(new Uint8Array(key), serverKey)) return { state: 'subscribed', subscription: existing.toJSON() };
    await existing.unsubscribe();
  }
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: serverKey });
  return { state: 'subscribed', subscription: subscription.toJSON() };
}
