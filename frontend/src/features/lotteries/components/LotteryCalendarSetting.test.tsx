import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { signInForTest } from '@/testing/fixtures';
import { jsonResponse, mockApi, renderWithProviders, sentBody } from '@/testing/test-utils';
import { calendarLinks } from '../api/calendar';
import LotteryCalendarSetting from './LotteryCalendarSetting';

function settings(overrides: Record<string, unknown> = {}) {
  return { feed_active: false, feed_created_at: null, prefectures: ['osaka'], max_prefectures: 10, max_entries: 200, ...overrides };
}

describe('the lottery calendar setting', () => {
  it('builds an https link to copy and a webcal:// link from the feed path', () => {
    const links = calendarLinks('/api/v1/calendar/lotteries.ics?token=abc_DEF-1', 'https://pokeca.example');
    expect(links.https).toBe('https://pokeca.example/api/v1/calendar/lotteries.ics?token=abc_DEF-1');
    expect(links.webcal).toBe('webcal://pokeca.example/api/v1/calendar/lotteries.ics?token=abc_DEF-1');
  });

  it('adds a prefecture, issues the URL once and shows both links', async () => {
    signInForTest();
    let current = settings();
    const calls = mockApi({
      'GET /api/v1/users/calendar': () => jsonResponse({ success: true, calendar: current }),
      'PUT /api/v1/users/calendar': (_url, sent) => {
        current = settings({ prefectures: (sentBody(sent) as { prefectures: string[] }).prefectures });
        return jsonResponse({ success: true, message: '保存', calendar: current });
      },
      'POST /api/v1/users/calendar/token': () => {
        current = settings({ ...current, feed_active: true, feed_created_at: '2026-11-28T03:00:00Z' });
        return jsonResponse({ success: true, message: '発行', feed_path: '/api/v1/calendar/lotteries.ics?token=secret1', feed_created_at: '2026-11-28T03:00:00Z' });
      },
    });
    renderWithProviders(<LotteryCalendarSetting />);
    const section = await screen.findByTestId('lottery-calendar');
    expect(within(section).getByTestId('calendar-prefectures')).toHaveTextContent('大阪府');
    expect(within(section).getByTestId('calendar-status')).toHaveTextContent('まだ発行されていません');

    fireEvent.change(within(section).getByTestId('calendar-add-prefecture'), { target: { value: 'tokyo' } });
    await waitFor(() => expect(within(section).getByTestId('calendar-prefectures')).toHaveTextContent('東京都'));
    const sent = calls.mock.calls.filter(([path]) => path === '/api/v1/users/calendar');
    expect(sent.length).toBeGreaterThanOrEqual(2); // the read and the write
    expect(current.prefectures).toEqual(['osaka', 'tokyo']);

    fireEvent.click(within(section).getByTestId('calendar-issue'));
    const url = await within(section).findByTestId('calendar-url');
    expect((url as HTMLInputElement).value).toBe(`${window.location.origin}/api/v1/calendar/lotteries.ics?token=secret1`);
    expect(within(section).getByTestId('calendar-webcal').getAttribute('href')).toMatch(/^webcal:\/\/.*token=secret1$/);
    await waitFor(() => expect(within(section).getByTestId('calendar-revoke')).toBeInTheDocument());
  });

  it('asks before stopping the URL and then says it is stopped', async () => {
    signInForTest();
    let current = settings({ feed_active: true, feed_created_at: '2026-11-28T03:00:00Z' });
    mockApi({
      'GET /api/v1/users/calendar': () => jsonResponse({ success: true, calendar: current }),
      'DELETE /api/v1/users/calendar/token': () => {
        current = settings();
        return jsonResponse({ success: true, message: '停止' });
      },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderWithProviders(<LotteryCalendarSetting />);
    const status = await screen.findByTestId('calendar-status');
    expect(status).toHaveTextContent('2026年11月28日発行');
    fireEvent.click(screen.getByTestId('calendar-revoke'));
    expect(confirm).toHaveBeenCalled();
    await waitFor(() => expect(screen.getByTestId('calendar-status')).toHaveTextContent('まだ発行されていません'));
    confirm.mockRestore();
  });
});
