import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CACHED_AT_HEADER, connectivityStore, noteApiResponse } from '@/stores/connectivity-store';
import { OfflineNotice } from './OfflineNotice';

const cached = (at: number) => new Response('{}', { headers: { [CACHED_AT_HEADER]: String(at) } });

afterEach(() => connectivityStore.set({ offline: false, dataFetchedAt: null }));

describe('OfflineNotice', () => {
  it('shows nothing while online answers come from the network', () => {
    render(<OfflineNotice />);
    act(() => noteApiResponse(new Response('{}')));
    expect(screen.queryByTestId('offline-notice')).not.toBeInTheDocument();
  });

  it('says オフライン and the age of the oldest cached answer on screen', () => {
    render(<OfflineNotice />);
    const now = Date.now();
    act(() => {
      noteApiResponse(cached(now - 2 * 3600_000));
      noteApiResponse(cached(now - 3 * 3600_000 - 30_000));
    });
    const notice = screen.getByTestId('offline-notice');
    expect(notice).toHaveTextContent('オフライン');
    expect(notice).toHaveTextContent(/3時間前）に取得した情報を表示しています/);
  });

  it('follows the browser going offline and back online', () => {
    render(<OfflineNotice />);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByTestId('offline-notice')).toHaveTextContent('通信できません');
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByTestId('offline-notice')).not.toBeInTheDocument();
  });

  it('a fresh network answer after a cached one clears the notice', () => {
    render(<OfflineNotice />);
    act(() => noteApiResponse(cached(Date.now() - 60_000)));
    expect(screen.getByTestId('offline-notice')).toBeInTheDocument();
    act(() => noteApiResponse(new Response('{}')));
    expect(screen.queryByTestId('offline-notice')).not.toBeInTheDocument();
  });
});
