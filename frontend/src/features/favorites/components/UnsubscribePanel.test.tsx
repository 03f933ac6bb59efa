import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithProviders, sentAuthorization, mockApi } from '@/testing/test-utils';
import { UnsubscribePanel } from './UnsubscribePanel';

describe('/alerts/unsubscribe', () => {
  it('POSTs the token once, without a login, and shows the server’s message', async () => {
    const fetchMock = mockApi({
      'POST /api/v1/alerts/unsubscribe': (url) =>
        url.searchParams.get('token') === 'tok.en'
          ? jsonResponse({ success: true, message: 'お気に入り店舗の通知を停止しました。' })
          : jsonResponse({ success: false, error: 'x', code: 'bad_request' }, { status: 400 }),
    });
    renderWithProviders(<UnsubscribePanel />, { route: '/alerts/unsubscribe?token=tok.en' });
    expect(await screen.findByText('お気に入り店舗の通知を停止しました。')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sentAuthorization(fetchMock.mock.calls[0]![1])).toBeUndefined();
    expect(screen.getByRole('link', { name: 'マイページ' })).toHaveAttribute('href', '/profile');
  });

  it('shows the server’s Japanese error for a bad or expired token', async () => {
    mockApi({
      'POST /api/v1/alerts/unsubscribe': () =>
        jsonResponse({ success: false, error: 'リンクの有効期限が切れています', code: 'bad_request' }, { status: 400 }),
    });
    renderWithProviders(<UnsubscribePanel />, { route: '/alerts/unsubscribe?token=old' });
    expect(await screen.findByRole('alert')).toHaveTextContent('リンクの有効期限が切れています');
  });

  it('says the link is wrong when it has no token, without calling the server', () => {
    const fetchMock = mockApi({});
    renderWithProviders(<UnsubscribePanel />, { route: '/alerts/unsubscribe' });
    expect(screen.getByRole('alert')).toHaveTextContent('リンクが正しくありません');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
