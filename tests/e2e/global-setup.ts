import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * Starts the real server with a fresh data directory (it loads its demo data on first
 * start) and the built frontend, waits until it answers, and stops it afterwards.
 *   ${POKECA_SERVER_BIN:-build/apps/server/pokeca-server} serve --port P --data-dir D --static-dir frontend/dist
 * With E2E_BASE_URL set, an already running server is used instead.
 */
const repoRoot = resolve(__dirname, '../..');
const STARTUP_TIMEOUT_MS = 120_000;

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.unref();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => ok(port));
    });
  });
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
  const log = openSync(logFile, 'a');
  const child = spawn(
    bin,
    ['serve', '--port', String(port), '--data-dir', join(dataDir, 'data'), '--static-dir', staticDir],
    { cwd: repoRoot, stdio: ['ignore', log, log] },
  );
  closeSync(log);

  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(baseUrl, child, logFile);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  process.env.E2E_BASE_URL = baseUrl;

  return async () => {
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
