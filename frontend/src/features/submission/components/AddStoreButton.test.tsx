import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setAuthLoading } from '@/stores/auth-store';
import { signInForTest } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/test-utils';
import { AddStoreButton } from './AddStoreButton';

describe('floating add button (SPEC §2 Home)', () => {
  it('is not shown to guests, nor while auth is loading', () => {
    renderWithProviders(<AddStoreButton />);
    expect(screen.queryByRole('button', { name: '店舗を投稿' })).not.toBeInTheDocument();
    act(() => setAuthLoading(true));
    expect(screen.queryByRole('button', { name: '店舗を投稿' })).not.toBeInTheDocument();
  });

  it('is shown to a signed-in user and opens the submission modal', async () => {
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition: vi.fn() } });
    signInForTest();
    const user = userEvent.setup();
    renderWithProviders(<AddStoreButton />);
    const button = screen.getByRole('button', { name: '店舗を投稿' });
    expect(button).toHaveAttribute('data-testid', 'add-store-button');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(button);
    expect(await screen.findByRole('dialog', { name: '店舗情報を投稿' })).toBeInTheDocument();
  });
});
