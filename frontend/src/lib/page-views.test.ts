import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadAnalyticsTag, resetAnalyticsTagForTests } from './analytics-tag';
import { pageViewEvent, sendPageView } from './page-views';

describe('page views', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends the pathname only, a prefecture map code, the viewport class and an outside referrer host', () => {
    expect(pageViewEvent('/map', '?prefecture=tokyo&store=12&q=secret', { width: 390 })).toEqual({
      path: '/map',
      prefecture: 'tokyo',
      viewport: 'phone',
    });
    expect(pageViewEvent('/map', '?prefecture=atlantis', { width: 1366 })).toEqual({ path: '/map', viewport: 'desktop' });
    expect(pageViewEvent('/guide', '?prefecture=tokyo', { width: 1366 })).toEqual({ path: '/guide', viewport: 'desktop' });
    expect(
      pageViewEvent('/', '', { width: 1366, referrer: 'https://www.google.com/search?q=x', ownHost: 'pokeca.example' }),
    ).toEqual({ path: '/', referrer_host: 'www.google.com', viewport: 'desktop' });
    expect(pageViewEvent('/', '', { width: 1366, referrer: 'https://pokeca.example/map', ownHost: 'pokeca.example' })).toEqual({
      path: '/',
      viewport: 'desktop',
    });
    expect(pageViewEvent('/', '', { width: 1366, referrer: 'not a url' })).toEqual({ path: '/', viewport: 'desktop' });
  });

  it('does not count admin pages or paths the server would refuse', () => {
    expect(pageViewEvent('/admin', '', { width: 390 })).toBeNull();
    expect(pageViewEvent('/admin/analytics', '', { width: 390 })).toBeNull();
    expect(pageViewEvent(`/${'a'.repeat(200)}`, '', { width: 390 })).toBeNull();
    expect(pageViewEvent('/administrator', '', { width: 390 })).not.toBeNull();
  });

  it('never throws, even when fetch fails or is missing', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'));
    expect(() => sendPageView({ path: '/', viewport: 'phone' })).not.toThrow();
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => {
      throw new Error('boom');
    });
    expect(() => sendPageView({ path: '/', viewport: 'phone' })).not.toThrow();
  });

  it('loads the third-party tag only for a configured id, with storage denied', () => {
    resetAnalyticsTagForTests();
    expect(loadAnalyticsTag('not an id')).toBe(false);
    expect(document.head.querySelector('script[src*="googletagmanager"]')).toBeNull();
    expect(loadAnalyticsTag('G-TEST1234')).toBe(true);
    expect(loadAnalyticsTag('G-TEST1234')).toBe(false); // once
    const script = document.head.querySelector<HTMLScriptElement>('script[src*="googletagmanager"]');
    expect(script?.src).toBe('https://www.googletagmanager.com/gtag/js?id=G-TEST1234');
    const layer = (window as unknown as { dataLayer: IArguments[] }).dataLayer.map((args) => [...args]);
    expect(layer[0]).toEqual(['consent', 'default', expect.objectContaining({ analytics_storage: 'denied', ad_storage: 'denied' })]);
    script?.remove();
  });
});
