// Retakes the guide's screenshots (frontend/public/guide/*.webp) from a running server with
// demo data, at phone size, and encodes them to WebP with Chromium's canvas (no encoder needed).
//   node frontend/scripts/guide-screenshots.mjs BASE_URL DATA_DIR [SERVER_BIN]
// Start the server first, e.g. out/test/apps/server/pokeca-server --data-dir /tmp/shots
//   --port 18471 --rate-limits sign_up_ip=100/60,login_ip=100/60,write_account=100/60,submission_account=100/60
// Japanese date fields need Debian's chromium-l10n (else Chromium formats them en-US).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const [base, dataDir, serverBin = join(dirname(fileURLToPath(import.meta.url)), '../../out/test/apps/server/pokeca-server')] = process.argv.slice(2);
if (!base || !dataDir) throw new Error('usage: guide-screenshots.mjs BASE_URL DATA_DIR [SERVER_BIN]');
const OUT = join(dirname(fileURLToPath(import.meta.url)), '../public/guide');
const PASSWORD = 'guide-shots-pass-1';
const SPOT = { latitude: 35.6984, longitude: 139.7731 }; // 秋葉原
const WEBP_QUALITY = 0.82;

async function api(method, path, body, token) {
  const headers = token ? { Authorization: `Bearer ${token}` } : {};
  if (body && !(body instanceof FormData)) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${base}/api/v1${path}`, { method, headers, body: body instanceof FormData ? body : body && JSON.stringify(body) });
  return { status: res.status, json: await res.json().catch(() => ({})) };
}

async function verificationToken(email) {
  for (let i = 0; i < 50; i++) {
    const mails = readdirSync(join(dataDir, 'outbox')).map((f) => join(dataDir, 'outbox', f)).sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
    for (const file of mails) {
      const raw = readFileSync(file, 'utf8');
      if (!new RegExp(`^To: .*${email.replace(/[.]/g, '\\.')}`, 'm').test(raw)) continue;
      const [, body = ''] = raw.split(/\r?\n\r?\n/);
      const text = /Content-Transfer-Encoding: base64/i.test(raw) ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : raw;
      const token = /[?&]token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
      if (token) return token;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no verification mail for ${email}`);
}

/** Signs the account up and verifies it unless it already exists; answers an access token. */
async function account(email, nickname, prefecture) {
  let login = await api('POST', '/auth/login', { email, password: PASSWORD });
  if (login.status !== 200) {
    const created = await api('POST', '/users', { user: { email, password: PASSWORD, username: nickname, prefecture } });
    if (created.status !== 201) throw new Error(`sign-up ${email}: ${created.status} ${JSON.stringify(created.json)}`);
    await api('POST', '/auth/verify-email', { token: await verificationToken(email) });
    login = await api('POST', '/auth/login', { email, password: PASSWORD });
  }
  if (login.status !== 200) throw new Error(`login ${email}: ${login.status}`);
  return login.json.access_token;
}

/** A ranking worth showing: five people with approved submissions (1 pt each). */
async function fillRanking() {
  if ((await api('GET', '/users/ranking?period=all')).json.ranking?.length) return;
  await account('admin@example.jp', '運営', '');
  const granted = spawnSync(serverBin, ['admin', 'grant', 'admin@example.jp', '--data-dir', dataDir], { encoding: 'utf8' });
  if (granted.status !== 0) throw new Error(granted.stdout + granted.stderr);
  const admin = await account('admin@example.jp', '運営', '');
  const people = [['カード探し隊', '東京都', 6], ['ナンジャモ推し', '大阪府', 4], ['パック開封勢', '愛知県', 4], ['リザードン', '福岡県', 2], ['ミュウツー', '北海道', 1]];
  let n = 0;
  for (const [i, [nickname, prefecture, count]] of people.entries()) {
    const token = await account(`rank${i}@example.jp`, nickname, prefecture);
    for (let j = 0; j < count; j++) {
      n += 1;
      const form = new FormData();
      form.set('store_submission[store_name]', `サンプル店舗 ${n}`);
      form.set('store_submission[latitude]', String(35.6 + n * 0.004));
      form.set('store_submission[longitude]', String(139.6 + n * 0.003));
      const sent = await api('POST', '/store_submissions', form, token);
      if (sent.status !== 201) throw new Error(`submission: ${sent.status} ${JSON.stringify(sent.json)}`);
      await api('POST', `/admin/submissions/${sent.json.submission.id}/approve`, { store_type: 'card_shop' }, admin);
    }
  }
}

await account('shooter@example.jp', 'ピカチュウ', '東京都');
await fillRanking();

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run', '--lang=ja-JP'],
  env: { ...process.env, LANGUAGE: 'ja' },
});
const context = await browser.newContext({
  viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2,
  locale: 'ja-JP', timezoneId: 'Asia/Tokyo', geolocation: SPOT, permissions: ['geolocation'],
});
const page = await context.newPage();
const host = new URL(base).host;
await page.route((u) => u.host !== host, (route) => route.abort('internetdisconnected')); // no tiles: the shots avoid the map

/** Screenshot of one element, scaled so its CSS width is `width` at 2x, as WebP. */
async function save(locator, name, width) {
  await page.evaluate(() => document.activeElement instanceof HTMLElement && document.activeElement.blur());
  await page.waitForTimeout(400);
  const png = (await locator.screenshot({ animations: 'disabled' })).toString('base64');
  const encoder = await browser.newPage();
  const url = await encoder.evaluate(async ({ png, width, quality }) => {
    const img = new Image();
    img.src = `data:image/png;base64,${png}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = width * 2;
    canvas.height = Math.round((img.naturalHeight * width * 2) / img.naturalWidth);
    const g = canvas.getContext('2d');
    g.imageSmoothingQuality = 'high';
    g.drawImage(img, 0, 0, canvas.width, canvas.height);
    return canvas.toDataURL('image/webp', quality);
  }, { png, width, quality: WEBP_QUALITY });
  await encoder.close();
  const bytes = Buffer.from(url.split(',')[1], 'base64');
  writeFileSync(join(OUT, `${name}.webp`), bytes);
  console.log(`${name}.webp ${bytes.length} B (show it at width="${width}")`);
}

await page.goto(`${base}/login`);
await page.getByLabel(/メールアドレス/).fill('shooter@example.jp');
await page.getByLabel(/^パスワード/).and(page.locator('input')).fill(PASSWORD);
await page.getByRole('button', { name: 'ログイン', exact: true }).click();
await page.waitForURL(`${base}/`);

// 店舗情報の投稿方法: the submission form, tall enough to show all of it.
await page.setViewportSize({ width: 390, height: 940 });
await page.goto(`${base}/`); // no login toast
await page.getByRole('button', { name: '店舗を投稿' }).click();
const modal = page.getByRole('dialog', { name: '店舗情報を投稿' });
await modal.getByTestId('submission-store-name').fill('カードショップ〇〇 秋葉原店');
await modal.getByLabel(/コメント/).first().fill('2階のカード売り場で扱っています。営業時間は11時〜20時です。');
await page.waitForTimeout(2500); // the GPS fix and the stores around it
await save(modal, 'submission-form', 260);
await page.setViewportSize({ width: 390, height: 844 });

// ポイントとランキング: the ranking dialog.
await page.goto(`${base}/`);
await page.getByRole('button', { name: 'メニューを開く' }).click();
await page.getByRole('button', { name: 'ランキング' }).click();
const ranking = page.getByRole('dialog', { name: '投稿ランキング' });
await ranking.getByTestId('ranking-row').first().waitFor();
await save(ranking, 'ranking', 300);

// 販売店の探し方: a store's sheet; 店舗情報の投稿方法: its purchase report form.
await page.goto(`${base}/map?lat=${SPOT.latitude}&lng=${SPOT.longitude}`);
const first = page.getByTestId('store-list').getByRole('button').first();
await first.waitFor({ timeout: 15_000 });
await first.click();
const sheet = page.getByTestId('store-sheet');
await sheet.waitFor();
await page.waitForTimeout(1500);
await save(sheet, 'store-detail', 300);
await sheet.getByTestId('store-sheet-report').click();
const report = page.getByRole('dialog', { name: '購入報告' });
await report.getByTestId('report-kind-bought').check();
await report.getByTestId('report-product-box').check();
await report.getByLabel(/商品名/).first().fill('ブラックボルト');
await report.getByTestId('report-limit-note').fill('1人1BOXまで');
await save(report, 'purchase-report-form', 280);

await browser.close();
