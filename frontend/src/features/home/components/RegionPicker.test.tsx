import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { prefecturesFixture } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/test-utils';
import { RegionPicker } from './RegionPicker';

describe('RegionPicker', () => {
  it('mobile: choosing a prefecture in a region dropdown opens /map?prefecture=CODE', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RegionPicker {...prefecturesFixture} />);
    const select = screen.getByRole('combobox', { name: '関東の都道府県' });
    expect(screen.getAllByRole('combobox')).toHaveLength(2);
    expect(select).toHaveDisplayValue('都道府県を選択');
    await user.selectOptions(select, 'kanagawa');
    expect(screen.getByTestId('location')).toHaveTextContent('/map?prefecture=kanagawa');
  });

  it('desktop: each region box links its prefectures to the map', () => {
    renderWithProviders(<RegionPicker {...prefecturesFixture} />);
    const kanto = screen.getByRole('region', { name: '関東' });
    expect(kanto).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '東京都' })).toHaveAttribute('href', '/map?prefecture=tokyo');
    expect(screen.getByRole('link', { name: '北海道' })).toHaveAttribute('href', '/map?prefecture=hokkaido');
  });
});
