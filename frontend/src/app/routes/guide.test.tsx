import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LocationDisplay } from '@/testing/test-utils';
import { GuideArticleRoute, GuideIndexRoute } from './guide';

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/guide" element={<GuideIndexRoute />} />
          <Route path="/guide/:slug" element={<GuideArticleRoute />} />
          <Route path="*" element={<p>other page</p>} />
        </Routes>
        <LocationDisplay />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('/guide', () => {
  it('lists the seven articles in order, each linking to its page', () => {
    renderAt('/guide');
    expect(screen.getByRole('heading', { level: 1, name: 'ご利用ガイド' })).toBeInTheDocument();
    const links = within(screen.getByRole('list')).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/guide/getting-started',
      '/guide/find-stores',
      '/guide/how-to-post',
      '/guide/points-and-ranking',
      '/guide/manners',
      '/guide/lotteries',
      '/guide/faq',
    ]);
    expect(document.title).toBe('ご利用ガイド | ポケカ販売店マップ');
  });
});

describe('/guide/{slug}', () => {
  it('renders the article with a table of contents, previous/next and home', async () => {
    renderAt('/guide/how-to-post');
    expect(screen.getByRole('heading', { level: 1, name: '店舗情報の投稿方法' })).toBeInTheDocument();
    const toc = await screen.findByRole('navigation', { name: '目次' });
    const first = within(toc).getByRole('link', { name: '投稿の手順' });
    expect(first).toHaveAttribute('href', '#s1');
    expect(document.getElementById('s1')).toHaveTextContent('投稿の手順');
    const pager = screen.getByRole('navigation', { name: '前後の記事' });
    expect(within(pager).getByRole('link', { name: /前の記事\s*販売店の探し方/ })).toHaveAttribute('href', '/guide/find-stores');
    expect(within(pager).getByRole('link', { name: /次の記事\s*ポイントとランキング/ })).toHaveAttribute('href', '/guide/points-and-ranking');
    expect(screen.getAllByRole('link', { name: 'ホームに戻る' })[0]).toHaveAttribute('href', '/');
    expect(document.title).toBe('店舗情報の投稿方法 | ポケカ販売店マップ');
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute('content', expect.stringContaining('投稿手順'));
  });

  it('follows a link inside the article without leaving the app', async () => {
    renderAt('/guide/getting-started');
    const link = await screen.findByRole('link', { name: '店舗情報の投稿方法' });
    await userEvent.click(link);
    expect(screen.getByTestId('location')).toHaveTextContent('/guide/how-to-post');
    expect(await screen.findByRole('heading', { level: 1, name: '店舗情報の投稿方法' })).toBeInTheDocument();
  });

  it('shows the not-found page for an unknown slug, with a way home', () => {
    renderAt('/guide/no-such-article');
    expect(screen.getByRole('heading', { name: 'ページが見つかりません' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'ホームに戻る' }).length).toBeGreaterThan(0);
  });
});
