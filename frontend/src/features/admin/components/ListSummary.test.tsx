import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ListSummary } from './AdminPage';

describe('ListSummary', () => {
  it('writes large totals and ranges with thousands separators, as the public list does', () => {
    render(<ListSummary total={12000} page={21} pageSize={50} shown={50} />);
    expect(screen.getByTestId('list-total')).toHaveTextContent('全12,000件 ・ 1,001〜1,050件目');
  });

  it('says "N件以上" when the server stopped counting at its cap', () => {
    render(<ListSummary total={100000} capped page={1} pageSize={50} shown={50} />);
    expect(screen.getByTestId('list-total')).toHaveTextContent('100,000件以上 ・ 1〜50件目');
  });

  it('leaves the range out when one page shows everything', () => {
    render(<ListSummary total={7} page={1} pageSize={50} shown={7} />);
    expect(screen.getByTestId('list-total')).toHaveTextContent(/^全7件$/);
  });
});
