import { describe, expect, it } from 'vitest';
import { pageTitle } from './page-title';

describe('pageTitle: each page has its own Japanese <title>', () => {
  it.each([
    ['/', '', 'ポケカ販売店マップ | ポケモンカードが買えるお店を地図で探す'],
    ['/map', '?prefecture=tokyo', '東京都の店舗マップ | ポケカ販売店マップ'],
    ['/map', '?lat=35&lng=139', '店舗マップ | ポケカ販売店マップ'],
    ['/login', '', 'ログイン | ポケカ販売店マップ'],
    ['/login', '?tab=signup', '新規登録 | ポケカ販売店マップ'],
    ['/profile', '', 'マイページ | ポケカ販売店マップ'],
    ['/privacy-policy', '', 'プライバシーポリシー | ポケカ販売店マップ'],
    ['/nope', '', 'ページが見つかりません | ポケカ販売店マップ'],
  ])('%s%s → %s', (path, search, title) => {
    expect(pageTitle(path, search)).toBe(title);
  });

  it('leaves a guide article its own title (the article sets it)', () => {
    expect(pageTitle('/guide/how-to-post', '')).toBeNull();
  });

  it('gives every route a different title', () => {
    const routes = ['/', '/map', '/login', '/password-reset', '/email-verification', '/profile', '/favorites', '/saved-routes', '/my-stats', '/withdrawal', '/admin', '/admin/analytics', '/privacy-policy', '/blocked', '/rate-limited'];
    expect(new Set(routes.map((r) => pageTitle(r, ''))).size).toBe(routes.length);
  });
});
