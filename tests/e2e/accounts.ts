import { spawnSync } from 'node:child_process';
import { expect, type Browser, type Page, type TestInfo } from '@playwright/test';
import { offlineExceptServer, url } from './helpers';
import { actionLink, waitForMail } from './maildev';

/** Account steps shared by the specs: a fresh account, sign-up with the real mail, login. */

/** A unique address per run and project (MailDev accepts any). */
export function newAccount(testInfo: TestInfo, label = '') {
  const id = `${testInfo.project.name}${label}-${Date.now().toString(36)}`;
  return { email: `e2e-${id}@example.jp`, password: `pk-${id}-pass`, nickname: testInfo.project.name === 'mobile' ? 'ピカチュウ' : 'サトシ' };
}

export async function login(page: Page, email: string, password: string) {
  await page.goto(url('/login'));
  await page.getByLabel(/メールアドレス/).fill(email);
  await page.getByLabel(/^パスワード/).and(page.locator('input')).fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
}

/** Signs up through the page and opens the verification link from the real mail. */
export async function signUpAndVerify(page: Page, account: { email: string; password: string; nickname: string }) {
  await page.goto(url('/login?tab=signup'));
  await page.getByLabel(/メールアドレス/).fill(account.email);
  await page.getByLabel(/^パスワード/).and(page.locator('input')).fill(account.password);
  await page.getByLabel(/ニックネーム/).fill(account.nickname);
  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page).toHaveURL(/\/email-verification$/);
  await page.goto(actionLink(await waitForMail(process.env.E2E_MAILDEV_URL!, account.email)));
  await expect(page.getByRole('heading', { name: 'メールアドレスを確認しました' })).toBeVisible();
}

/** Makes the account an admin with the binary's own command, on the running server's data. */
export function grantAdmin(email: string): void {
  const granted = spawnSync(
    process.env.E2E_SERVER_BIN!,
    ['admin', 'grant', email, '--data-dir', process.env.E2E_DATA_DIR!],
    { encoding: 'utf8', timeout: 30_000 },
  );
  expect(granted.status, `${granted.stdout}${granted.stderr}`).toBe(0);
}

/** Signs a fresh account up (real mail) and in on `page`, which is then at /. */
export async function signIn(page: Page, testInfo: TestInfo, label: string, nickname: string) {
  await offlineExceptServer(page);
  const account = { ...newAccount(testInfo, label), nickname };
  await signUpAndVerify(page, account);
  await login(page, account.email, account.password);
  await expect(page).toHaveURL(url('/'));
  return account;
}

/** A second browser, like the project's, for another person. */
export async function otherPage(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const { viewport, hasTouch, isMobile: mobile, deviceScaleFactor, locale, timezoneId } = testInfo.project.use;
  const context = await browser.newContext({ viewport, hasTouch, isMobile: mobile, deviceScaleFactor, locale, timezoneId });
  return context.newPage();
}
