import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, startMailDev, type MailDev } from './maildev';

/**
 * Starts the real server with a fresh data directory (it loads its demo data on first
 * start) and the built frontend, waits until it answers, and stops it afterwards.
 *   ${POKECA_SERVER_BIN:-build/apps/server/pokeca-server} serve --port P --data-dir D --static-dir frontend/dist
 * When the binary has the --smtp-url flag (accounts), MailDev is started on free
 * loopback ports first and the server sends its mail there:
 *   … --base-url http://127.0.0.1:P --smtp-url smtp://127.0.0.1:S --mail-from noreply@pokeca-map.test
 * and E2E_MAILDEV_URL points the tests at MailDev's REST API.
 * With E2E_DATABASE_URL set, the server keeps its data in that PostgreSQL database
 * (--database-url) instead of SQLite, and so do the binary's commands the tests run.
 * With E2E_BASE_URL set, an already running server is used instead (the mail test then
 * runs only if E2E_MAILDEV_URL is given too).
 */
const repoRoot = resolve(__dirname, '../..');
const STARTUP_TIMEOUT_MS = 120_000;
export const E2E_LOGIN_ACCOUNT_LIMIT = 4;
const E2E_RATE_LIMITS = `sign_up_ip=200/3600,login_ip=500/900,login_account=${E2E_LOGIN_ACCOUNT_LIMIT}/900`;

/** True when the server binary lists the flag in its help. */
function supportsFlag(bin: string, flag: string): boolean {
  const help = spawnSync(bin, ['help'], { encoding: 'utf8', timeout: 10_000 });
  return `${help.stdout ?? ''}${help.stderr ?? ''}`.includes(flag);
}

async function waitUntilUp(baseUrl: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with code ${child.exitCode}:\n${readFileSync(logFile, 'utf8').slice(-4000)}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/v1/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer within ${STARTUP_TIMEOUT_MS} ms:\n${readFileSync(logFile, 'utf8').slice(-4000)}`);
}

export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.E2E_BASE_URL) return undefined;

  const bin = resolve(repoRoot, process.env.POKECA_SERVER_BIN ?? 'build/apps/server/pokeca-server');
  if (!existsSync(bin)) throw new Error(`server binary not found: ${bin} (build it, or set POKECA_SERVER_BIN)`);
  const staticDir = join(repoRoot, 'frontend/dist');
  if (!existsSync(join(staticDir, 'index.html'))) throw new Error('frontend/dist is missing: run npm --prefix frontend run build');

  const dataDir = mkdtempSync(join(tmpdir(), 'pokeca-e2e-'));
  const logFile = join(dataDir, 'server.log');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const args = ['serve', '--port', String(port), '--data-dir', join(dataDir, 'data'), '--static-dir', staticDir];
  if (supportsFlag(bin, '--base-url')) args.push('--base-url', baseUrl);
  if (process.env.E2E_DATABASE_URL) {
    args.push('--database-url', process.env.E2E_DATABASE_URL);
    process.env.POKECA_DATABASE_URL = process.env.E2E_DATABASE_URL;
  }
  // Every test signs up and logs in from the one loopback address: per-IP limits sized for
  // a test run, and a small per-account login limit so the 429 test stays short.
  if (supportsFlag(bin, '--rate-limits')) args.push('--rate-limits', E2E_RATE_LIMITS);
  // Web Push to the push-service stand-in of push.spec.ts, a plain-http server on loopback.
  if (supportsFlag(bin, '--push-allow-loopback')) args.push('--push-allow-loopback', 'true');
  let maildev: MailDev | undefined;
  if (supportsFlag(bin, '--smtp-url')) {
    maildev = await startMailDev();
    args.push('--smtp-url', maildev.smtpUrl);
    if (supportsFlag(bin, '--mail-from')) args.push('--mail-from', 'noreply@pokeca-map.test');
    process.env.E2E_MAILDEV_URL = maildev.apiUrl;
  }
  const log = openSync(logFile, 'a');
  const child = spawn(bin, args, { cwd: repoRoot, stdio: ['ignore', log, log] });
  closeSync(log);

  try {
    await waitUntilUp(baseUrl, child, logFile);
  } catch (error) {
    child.kill('SIGKILL');
    await maildev?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  // A run meant for PostgreSQL that quietly served from SQLite would prove nothing.
  if (process.env.E2E_DATABASE_URL && !readFileSync(logFile, 'utf8').includes('"backend":"postgresql')) {
    child.kill('SIGKILL');
    throw new Error(`E2E_DATABASE_URL is set but the server does not say it uses PostgreSQL:\n${readFileSync(logFile, 'utf8').slice(-2000)}`);
  }
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_SERVER_LOG = logFile;
  // For tests that use the binary's own commands (e.g. `admin grant EMAIL`) on the same data.
  process.env.E2E_SERVER_BIN = bin;
  process.env.E2E_DATA_DIR = join(dataDir, 'data');

  return async () => {
    await maildev?.stop();
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}
