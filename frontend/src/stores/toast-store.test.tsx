import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/Toaster';
import { FLASH_DEFAULT_DURATION_MS } from '@/config/constants';
import { showToast, toastStore } from './toast-store';

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
