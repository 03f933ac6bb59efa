import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StoreReport } from '@/api/stores';
import { SaleTermsSummary } from './SaleTermsSummary';

const NOW = Date.parse('2026-11-21T02:00:00Z'); // 11:00 in Japan

function report(id: number, hoursAgo: number, terms: Partial<StoreReport> = {}): StoreReport {
  const at = new Date(NOW - hoursAgo * 3600_000).toISOString();
  return {
    id,
    kind: 'bought',
    product: 'box',
    product_name: null,
    limit_note: null,
    purchased_at: at,
    created_at: at,
    product_id: null,
    sale_method: null,
    limit_count: null,
    limit_unit: null,
    sales_started_at: null,
    ...terms,
  };
}

describe('the store sheet’s sale terms summary', () => {
  it('shows the newest report that says how the store sold, with how long ago', () => {
    const reports = [
      report(3, 1), // newest, but says nothing of the terms
      report(2, 2, { sale_method: 'first_come', limit_count: 1, limit_unit: 'box', sales_started_at: '2026-11-20T22:00:00Z' }),
      report(1, 30, { sale_method: 'ticket' }),
    ];
    render(<SaleTermsSummary reports={reports} now={NOW} />);
    const summary = screen.getByTestId('store-sheet-terms');
    expect(summary).toHaveTextContent('最近の販売条件');
    expect(summary).toHaveTextContent('先着・1人1BOXまで・7:00〜, 2時間前');
  });

  it('shows nothing when no report says any terms (old reports, a free-text note only)', () => {
    const { container } = render(<SaleTermsSummary reports={[report(1, 1, { limit_note: '1人5パックまで' })]} now={NOW} />);
    expect(container).toBeEmptyDOMElement();
  });
});
