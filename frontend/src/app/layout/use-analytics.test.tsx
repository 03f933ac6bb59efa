import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetPageViewsForTests } from '@/lib/page-views';
import { createElement, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useSiteAnalytics } from './use-analytics';

describe('useSiteAnalytics', () => {
  afterEach(() => vi.restoreAllMocks());

  it('posts once per route change with keepalive, the referrer only on the first view', async () => {
    resetPageViewsForTests();
    const realFetch = globalThis.fetch;
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) =>
      String(input).includes('/analytics/events') ? Promise.resolve(new Response(null, { status: 204 })) : realFetch(input, init),
    );
    Object.defineProperty(document, 'referrer', { value: 'https://t.co/x', configurable: true });
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
    const { rerender } = renderHook(({ path, search, enabled }) => useSiteAnalytics(path, search, enabled), {
      initialProps: { path: '/', search: '', enabled: false },
      wrapper,
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(fetch.mock.calls.filter(([u]) => String(u).includes('/analytics/events'))).toHaveLength(0); // not shown yet
    for (const [path, search] of [
      ['/', ''],
      ['/', '?x=1'], // same path: not another view
      ['/map', '?prefecture=osaka'],
      ['/map', '?prefecture=osaka&store=3'],
      ['/admin', ''],
    ]) {
      rerender({ path: path!, search: search!, enabled: true });
      await new Promise((r) => setTimeout(r, 20));
    }
    const events = () => fetch.mock.calls.filter(([u]) => String(u).includes('/analytics/events'));
    await waitFor(() => expect(events()).toHaveLength(2));
    const [url, init] = events()[0]!;
    expect(url).toBe('/api/v1/analytics/events');
    expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'omit' });
    expect(JSON.parse(init!.body as string)).toEqual({ path: '/', referrer_host: 't.co', viewport: 'desktop' });
    expect(JSON.parse(events()[1]![1]!.body as string)).toEqual({
      path: '/map',
      prefecture: 'osaka',
      viewport: 'desktop',
    });
  });

});
