import type { User } from '@/lib/auth-schemas';
import { completeSignIn } from '@/lib/session';
import type { PrefecturesData } from '@/api/prefectures';

export const prefecturesFixture: PrefecturesData = {
  regions: [
    { code: 'hokkaido', name: '北海道', prefectures: ['hokkaido'] },
    { code: 'kanto', name: '関東', prefectures: ['tokyo', 'kanagawa'] },
  ],
  prefectures: [
    { code: 'hokkaido', name: '北海道', region: 'hokkaido', lat: 43.2, lng: 142.1, zoom: 6, store_count: 500 },
    { code: 'tokyo', name: '東京都', region: 'kanto', lat: 35.69, lng: 139.64, zoom: 10, store_count: 1200 },
    { code: 'kanagawa', name: '神奈川県', region: 'kanto', lat: 35.4, lng: 139.4, zoom: 9, store_count: 700 },
  ],
};

export const userFixture: User = {
  id: 7,
  email: 'satoshi@example.jp',
  nickname: 'サトシ',
  prefecture: '東京都',
  admin: false,
  email_verified: true,
  created_at: '2025-04-01T03:00:00Z',
  favorite_alerts: false,
  review_mail: true,
};

/** Signs a user in locally (store + session marker), as after a login. */
export function signInForTest(user: Partial<User> = {}, { token = 'token-1', expiresInS = 900 } = {}): User {
  const full = { ...userFixture, ...user };
  completeSignIn({ access_token: token, expires_in: expiresInS, user: full });
  return full;
}
