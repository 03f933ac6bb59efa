import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeFixture, storeTypesAnswer } from '@/testing/store-fixtures';
import { jsonResponse, mockApi, renderWithProviders } from '@/testing/test-utils';
import { StoreSheet } from './StoreSheet';

function stubStore() {
  return mockApi({
    '/api/v1/initial_data': () => jsonResponse(storeTypesAnswer),
    '/api/v1/stores/5': () => jsonResponse({ success: true, data: { ...storeFixture, status: 'active' } }),
    'GET /api/v1/favorites': () => jsonResponse({ success: true, favorites: [] }),
  });
}

describe('StoreSheet distance', () => {
  it('says how far the store is from the position the map lists from, as the list does', async () => {
    stubStore();
    // About 0.01° of latitude north of the store: 1.1 km.
    renderWithProviders(<StoreSheet storeId="5" onClose={() => {}} origin={{ lat: storeFixture.lat + 0.01, lng: storeFixture.lng }} />);
    expect(await screen.findByTestId('store-sheet-distance')).toHaveTextContent('現在地から1.1km');
  });

  it('says nothing about distance without a position', async () => {
    stubStore();
    renderWithProviders(<StoreSheet storeId="5" onClose={() => {}} />);
    await screen.findByRole('heading', { level: 2 });
    expect(screen.queryByTestId('store-sheet-distance')).not.toBeInTheDocument();
  });
});
