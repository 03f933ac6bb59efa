// Runs the browser end-to-end tests in tests/e2e with this package's Playwright and
// Debian's Chromium. Exits non-zero when a test fails or the setup cannot start.
//   npm --prefix frontend run e2e [-- playwright args]
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const frontend = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(frontend, '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(chromium)) {
  console.error(`e2e: Chromium not found at ${chromium} (apt-get install chromium)`);
  process.exit(1);
}
if (!existsSync(join(frontend, 'dist/index.html'))) {
  console.log('e2e: building the frontend first');
  const build = spawnSync('npm', ['run', 'build'], { cwd: frontend, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const cli = join(frontend, 'node_modules/@playwright/test/cli.js');
const result = spawnSync(
  process.execPath,
  [cli, 'test', '--config', join(repoRoot, 'tests/e2e/playwright.config.ts'), ...process.argv.slice(2)],
  {
    cwd: frontend,
    stdio: 'inherit',
    // tests/e2e has no node_modules of its own: resolve @playwright/test from here.
    env: { ...process.env, NODE_PATH: join(frontend, 'node_modules'), PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  },
);
process.exit(result.status ?? 1);
