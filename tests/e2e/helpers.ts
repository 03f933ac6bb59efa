import { expect, type Page, type TestInfo } from '@playwright/test';

export function url(path: string): string {
  const base = process.env.E2E_BASE_URL;
  if (!base) throw new Error('E2E_BASE_URL is not set (global setup did not run)');
  return base + path;
}

/** Only the local server is reachable: map tiles and other outside requests fail, as offline. */
export async function offlineExceptServer(page: Page): Promise<void> {
  const base = new URL(url('/'));
  await page.route(
    (u) => u.host !== base.host,
    (route) => route.abort('internetdisconnected'),
  );
}

export const isMobile = (testInfo: TestInfo) => testInfo.project.name === 'mobile';

/** Store markers or cluster bubbles drawn on the Leaflet map. */
export async function expectMarkers(page: Page): Promise<void> {
  const markers = page.locator('.leaflet-marker-pane .pk-marker, .leaflet-marker-pane .pk-cluster');
  await expect(markers.first()).toBeVisible({ timeout: 15_000 });
  expect(await markers.count()).toBeGreaterThan(0);
}

/** Saves the screen under frontend/test-results/screens/<project>/<name>.png for review. */
export async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.waitForTimeout(250); // let toasts and dialogs finish their entry animation
  if (!(await page.getByRole('dialog').count())) await page.evaluate(() => window.scrollTo(0, 0)); // fixed header at the top
  await page.screenshot({
    path: `test-results/screens/${testInfo.project.name}/${name}.png`,
    fullPage: true,
    animations: 'disabled',
  });
}
