import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/Toaster';
import { FLASH_DEFAULT_DURATION_MS } from '@/config/constants';
import { clearToasts, showToast, toastStore } from './toast-store';

describe('flash toasts', () => {
  it('defaults to info and auto-dismisses after 5000 ms', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      showToast('保存しました');
    });
    expect(screen.getByText('保存しました').closest('[data-type]')).toHaveAttribute('data-type', 'info');
    expect(FLASH_DEFAULT_DURATION_MS).toBe(5000);

    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByText('保存しました')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('保存しました')).not.toBeInTheDocument();
    expect(toastStore.get()).toHaveLength(0);
  });

  it('shows each type and can be dismissed by its × button', async () => {
    const user = userEvent.setup();
    render(<Toaster />);
    act(() => {
      showToast('成功', 'success');
      showToast('失敗', 'error');
      showToast('注意', 'warning');
    });
    expect(screen.getByText('失敗').closest('[data-type]')).toHaveAttribute('role', 'alert');
    expect(screen.getByText('成功').closest('[data-type]')).toHaveAttribute('data-type', 'success');

    const buttons = screen.getAllByRole('button', { name: '通知を閉じる' });
    expect(buttons).toHaveLength(3);
    await user.click(buttons[1]!);
    expect(screen.queryByText('失敗')).not.toBeInTheDocument();
    expect(screen.getByText('成功')).toBeInTheDocument();
  });

  it('keeps a toast with duration 0 until dismissed', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      showToast('ずっと', 'info', 0);
    });
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('ずっと')).toBeInTheDocument();
  });
});

describe('toasts do not pile up', () => {
  /** A window as wide as a phone (jsdom has no matchMedia of its own). */
  function asPhone(phone: boolean) {
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: (query: string) => ({ matches: phone && query.includes('max-width'), media: query, addEventListener() {}, removeEventListener() {} }),
    });
  }
  afterEach(() => {
    delete (window as unknown as Record<string, unknown>).matchMedia;
    act(() => clearToasts());
    vi.useRealTimers();
  });

  it('shows the same message once and starts its time again', () => {
    vi.useFakeTimers();
    asPhone(false);
    render(<Toaster />);
    act(() => {
      showToast('位置情報を取得できませんでした', 'error');
    });
    act(() => vi.advanceTimersByTime(4000));
    act(() => {
      showToast('位置情報を取得できませんでした', 'error');
    });
    expect(screen.getAllByText('位置情報を取得できませんでした')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(4000));
    expect(screen.getByText('位置情報を取得できませんでした')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('位置情報を取得できませんでした')).not.toBeInTheDocument();
  });

  it('keeps at most one toast on a phone (the newest) and a short stack on a desktop', () => {
    asPhone(true);
    render(<Toaster />);
    act(() => {
      showToast('ログインしました', 'success');
      showToast('ルートに追加しました');
      showToast('通信できませんでした', 'error');
    });
    expect(screen.getAllByRole('button', { name: '通知を閉じる' })).toHaveLength(1);
    expect(screen.getByText('通信できませんでした')).toBeInTheDocument();

    act(() => clearToasts());
    asPhone(false);
    act(() => {
      for (const text of ['一', '二', '三', '四', '五']) showToast(text);
    });
    expect(screen.getAllByRole('button', { name: '通知を閉じる' })).toHaveLength(3);
    expect(screen.queryByText('一')).not.toBeInTheDocument();
    expect(screen.getByText('五')).toBeInTheDocument();
  });
});
