import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

/**
 * MailDev (npm `maildev`, a devDependency of frontend/) as the SMTP server the e2e tests
 * send real mail to: started on free loopback ports, read through its REST API.
 */
const frontendDir = resolve(__dirname, '../../frontend');
const STARTUP_TIMEOUT_MS = 20_000;

export function freePort(): Promise<number> {
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

export interface MailDev {
  smtpUrl: string;
  apiUrl: string;
  stop: () => Promise<void>;
}

export async function startMailDev(): Promise<MailDev> {
  const bin = join(frontendDir, 'node_modules/maildev/bin/maildev');
  if (!existsSync(bin)) throw new Error(`maildev not installed (${bin}): run npm --prefix frontend ci`);
  const smtpPort = await freePort();
  const webPort = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [bin, '--smtp', String(smtpPort), '--web', String(webPort), '--ip', '127.0.0.1', '--silent'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const apiUrl = `http://127.0.0.1:${webPort}`;
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`maildev exited with ${child.exitCode}: ${stderr}`);
    try {
      if ((await fetch(`${apiUrl}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`maildev did not start: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    apiUrl,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export interface Mail {
  id: string;
  subject: string;
  text?: string;
  html?: string;
  to: { address: string; name?: string }[];
}

/** Waits for the newest mail to `address` (matching `subject` if given) in MailDev. */
export async function waitForMail(apiUrl: string, address: string, subject?: RegExp, timeoutMs = 20_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${apiUrl}/email`);
    const mails = (await response.json()) as Mail[];
    const match = mails
      .filter((m) => m.to.some((to) => to.address.toLowerCase() === address.toLowerCase()))
      .filter((m) => !subject || subject.test(m.subject))
      .pop();
    if (match) return match;
    if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${timeoutMs} ms (${mails.length} mails in MailDev)`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The first link to the site's /auth/action page in a mail (text or HTML). */
export function actionLink(mail: Mail): string {
  const body = `${mail.text ?? ''}\n${mail.html ?? ''}`;
  const found = body.match(/https?:\/\/[^\s"'<>]+\/auth\/action\?[^\s"'<>]+/);
  if (!found) throw new Error(`no /auth/action link in mail "${mail.subject}"`);
  return found[0].replace(/&amp;/g, '&');
}
