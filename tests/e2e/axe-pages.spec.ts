import { resolve } from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { grantAdmin, signIn } from './accounts';
import { offlineExceptServer, shot, url } from './helpers';

/**
 * axe-core on every page of the site, on a phone and a desktop: no serious or critical
 * finding anywhere (a link without a name, a control without a label, text without
 * contrast …). Guests' pages, the guide's articles, a member's pages and the admin console.
 */

const AXE = require.resolve('axe-core/axe.min.js', { paths: [resolve(__dirname, '../../frontend')] });
const GUIDE_SLUGS = ['getting-started', 'find-stores', 'how-to-post', 'points-and-ranking', 'manners', 'faq'];

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/** The serious and critical findings of axe on the page as it is now. */
async function seriousFindings(page: Page): Promise<string[]> {
  await page.waitForTimeout(300); // entry animations (axe checks colour contrast)
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Opens each path, waits for its main heading, and collects what axe finds. */
async function checkPages(page: Page, testInfo: TestInfo, paths: string[]): Promise<void> {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(url(path));
    await expect(page.locator('h1, h2').first()).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('読み込み中...')).toHaveCount(0, { timeout: 15_000 });
    for (const finding of await seriousFindings(page)) found.push(`${path}: ${finding}`);
  }
  if (found.length) await shot(page, testInfo, 'axe-last-page');
  expect(found).toEqual([]);
}

// The site's CSP allows only its own scripts; axe is injected by the test.
test.use({ bypassCSP: true });

test('axe: no serious or critical finding on the public pages and every guide article', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await offlineExceptServer(page);
  await checkPages(page, testInfo, [
    '/',
    '/map?prefecture=tokyo',
    '/map?lat=35.6812&lng=139.7671',
    '/login',
    '/login?tab=signup',
    '/password-reset',
    '/email-verification',
    '/auth/action',
    '/privacy-policy',
    '/guide',
    ...GUIDE_SLUGS.map((slug) => `/guide/${slug}`),
    '/rate-limited',
    '/no-such-page',
  ]);
  // The guide's bar on a phone: its logo link keeps a name (the title is only hidden from sight).
  await page.goto(url('/guide'));
  await expect(page.getByRole('navigation', { name: 'ガイドのナビゲーション' }).getByRole('link', { name: 'ポケカ販売店マップ' })).toBeAttached();
  // /blocked while the server confirms the block.
  await page.route('**/api/v1/auth/refresh', (route) =>
    route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ error: 'ブロックされています', code: 'blocked' }) }),
  );
  await page.evaluate(() => localStorage.setItem('pokeca.blocked', 'true'));
  await page.goto(url('/blocked'));
  await expect(page.getByRole('heading', { name: 'アクセスが制限されています' })).toBeVisible();
  expect(await seriousFindings(page)).toEqual([]);
});

test.describe('signed in', () => {
  test.skip(!process.env.E2E_MAILDEV_URL || !process.env.E2E_SERVER_BIN, 'needs the real server with mail');

  test('axe: no serious or critical finding on a member’s pages and the admin console', async ({ page }, testInfo) => {
    test.setTimeout(240_000);
    const account = await signIn(page, testInfo, '-axe', 'アクセシブル');
    await checkPages(page, testInfo, ['/profile', '/favorites', '/saved-routes', '/my-stats', '/withdrawal']);
    // The submission form, opened from the home page.
    await page.goto(url('/'));
    await page.getByRole('button', { name: '店舗を投稿' }).click();
    await expect(page.getByRole('dialog', { name: '店舗情報を投稿' })).toBeVisible();
    expect(await seriousFindings(page)).toEqual([]);

    grantAdmin(account.email);
    await page.goto(url('/'));
    await checkPages(page, testInfo, ['/admin', '/admin/stores', '/admin/users', '/admin/reports', '/admin/audit', '/admin/analytics']);
  });
});
