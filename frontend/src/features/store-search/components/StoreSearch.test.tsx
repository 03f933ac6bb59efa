import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { storeFixture, storeTypesAnswer } from '@/testing/store-fixtures';
import { setSearchView } from '../lib/search-view';
import { jsonResponse, renderWithProviders, mockApi } from '@/testing/test-utils';
import { StoreSearch } from './StoreSearch';

const place = { name: '豊島区', prefecture: 'tokyo', prefecture_name: '東京都', lat: 35.726, lng: 139.716 };

function stubSearch() {
  return mockApi({
    '/api/v1/stores/search': (url) =>
      jsonResponse({
        success: true,
        stores: url.searchParams.get('q') === '池袋' ? [storeFixture, { ...storeFixture, id: 6, name: 'ポケモンセンター池袋' }] : [],
        places: url.searchParams.get('q') === '池袋' ? [place] : [],
      }),
  });
}

const searchCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://localhost')).filter((u) => u.pathname === '/api/v1/stores/search');

describe('StoreSearch', { timeout: 20_000 }, () => {
  it('asks the server once typing pauses, then lists the place the query names first, then the stores', async () => {
    const fetchMock = stubSearch();
    const user = userEvent.setup();
    renderWithProviders(<StoreSearch onPickStore={() => {}} onPickPlace={() => {}} />);
    const input = screen.getByRole('combobox', { name: '店舗名・地名で検索' });
    await user.type(input, '池袋');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      expect.stringContaining('豊島区'),
      expect.stringContaining('カードショップ池袋'),
      expect.stringContaining('ポケモンセンター池袋'),
    ]);
    // One request for the whole word, not one per key.
    const calls = searchCalls(fetchMock);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.searchParams.get('q')).toBe('池袋');
    expect(calls[0]!.searchParams.get('limit')).toBe('8');
    expect(input).toHaveAttribute('aria-expanded', 'true');
  });

  it('is usable from the keyboard: ↓ ↓ ↓ Enter picks the second store; Escape closes the list', async () => {
    stubSearch();
    const onPickStore = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<StoreSearch onPickStore={onPickStore} onPickPlace={() => {}} />);
    const input = screen.getByRole('combobox');
    await user.type(input, '池袋');
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    const active = screen.getAllByRole('option')[2]!;
    expect(active).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', active.id);
    await user.keyboard('{Enter}');
    expect(onPickStore).toHaveBeenCalledWith(expect.objectContaining({ id: 6 }));
    expect(input).toHaveValue('ポケモンセンター池袋');
    expect(input).toHaveAttribute('aria-expanded', 'false');

    await user.click(input);
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('choosing a place hands over its position', async () => {
    stubSearch();
    const onPickPlace = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<StoreSearch onPickStore={() => {}} onPickPlace={onPickPlace} />);
    await user.type(screen.getByRole('combobox'), '池袋');
    const options = await screen.findAllByRole('option');
    await user.click(options[0]!);
    expect(onPickPlace).toHaveBeenCalledWith(place);
  });

  it('says when nothing matches, and refuses a query over 50 characters without asking', async () => {
    const fetchMock = stubSearch();
    const user = userEvent.setup();
    renderWithProviders(<StoreSearch onPickStore={() => {}} onPickPlace={() => {}} />);
    const input = screen.getByRole('combobox');
    await user.type(input, 'ないお店');
    expect(await screen.findByText('「ないお店」に一致する店舗・地名はありません')).toBeInTheDocument();
    await user.clear(input);
    const before = searchCalls(fetchMock).length;
    await user.click(input);
    await user.paste('あ'.repeat(51));
    expect(screen.getByText('50文字以内で入力してください')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 300));
    await waitFor(() => expect(searchCalls(fetchMock).length).toBe(before));
  });

  it('sends where the map is looking, so the server ranks stores near it first', async () => {
    const fetchMock = stubSearch();
    setSearchView({ lat: 35.681236, lng: 139.767125 });
    try {
      const user = userEvent.setup();
      renderWithProviders(<StoreSearch onPickStore={() => {}} onPickPlace={() => {}} />);
      await user.type(screen.getByRole('combobox'), '池袋');
      await screen.findAllByRole('option');
      const call = searchCalls(fetchMock)[0]!;
      expect(call.searchParams.get('lat')).toBe('35.681');
      expect(call.searchParams.get('lng')).toBe('139.767');
    } finally {
      setSearchView(null);
    }
  });

  it('shows each store with its own type icon, not one icon for all', async () => {
    mockApi({
      '/api/v1/initial_data': () => jsonResponse(storeTypesAnswer),
      '/api/v1/stores/search': () => jsonResponse({ success: true, stores: [storeFixture], places: [] }),
    });
    const user = userEvent.setup();
    renderWithProviders(<StoreSearch onPickStore={() => {}} onPickPlace={() => {}} />);
    await user.type(screen.getByRole('combobox'), 'カード');
    await waitFor(() => expect(screen.getByRole('option')).toHaveTextContent('🃏'));
    expect(screen.getByRole('option')).not.toHaveTextContent('🏪');
  });
});
