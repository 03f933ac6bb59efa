import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageViewEvent, sendPageView, usePageViews } from './page-views';

describe('page views (issue 11 §5)', () => {
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

  it('posts once per route change with keepalive, the referrer only on the first view', () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
    Object.defineProperty(document, 'referrer', { value: 'https://t.co/x', configurable: true });
    const { rerender } = renderHook(({ path, search, enabled }) => usePageViews(path, search, enabled), {
      initialProps: { path: '/', search: '', enabled: false },
    });
    expect(fetch).not.toHaveBeenCalled(); // the route guard has not let the page show yet
    rerender({ path: '/', search: '', enabled: true });
    rerender({ path: '/', search: '?x=1', enabled: true }); // same path: not another view
    rerender({ path: '/map', search: '?prefecture=osaka', enabled: true });
    rerender({ path: '/map', search: '?prefecture=osaka&store=3', enabled: true });
    rerender({ path: '/admin', search: '', enabled: true });
    expect(fetch).toHaveBeenCalledTimes(2);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/v1/analytics/events');
    expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'omit' });
    expect(JSON.parse(init!.body as string)).toEqual({ path: '/', referrer_host: 't.co', viewport: 'desktop' });
    expect(JSON.parse(fetch.mock.calls[1]![1]!.body as string)).toEqual({
      path: '/map',
      prefecture: 'osaka',
      viewport: 'desktop',
    });
  });
});
