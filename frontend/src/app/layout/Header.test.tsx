import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { Header } from './Header';

describe('Header hamburger menu', () => {
  it('opens, offers the store map, and closes on an outside click or Escape', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <div>
        <Header />
        <p>外側</p>
      </div>,
    );
    const toggle = screen.getByRole('button', { name: 'メニューを開く' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('navigation', { name: 'メニュー' });
    expect(menu).toContainElement(screen.getAllByRole('link', { name: /店舗マップ/ })[1]!);

    fireEvent.mouseDown(screen.getByText('外側'));
    expect(screen.queryByRole('navigation', { name: 'メニュー' })).not.toBeInTheDocument();

    await user.click(toggle);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'メニュー' })).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });
});
