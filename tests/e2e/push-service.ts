import { createDecipheriv, createECDH, createHmac, webcrypto } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service stand-in for the browser tests. Headless Chromium has no push service
 * (PushManager.subscribe fails without one), so push.spec.ts replaces subscribe() in the
 * page with one that returns a subscription to this server: real P-256 and auth keys made
 * here with WebCrypto, and an http://127.0.0.1 endpoint. The pokeca server's real sender
 * (VAPID, RFC 8291 encryption, HTTP POST) delivers to it; this server decrypts each body
 * with the subscription's private key, as the browser would, and keeps what it got.
 */

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  payload: unknown;
}

export interface PushStandIn {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  received: ReceivedPush[];
  /** The status answered from now on (201, or 410 for an expired subscription). */
  answerWith(status: number): void;
  close(): Promise<void>;
}

function hmac(key: Buffer, data: Buffer): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

/** RFC 8291 §3 on the receiving side: one aes128gcm record. */
function decrypt(body: Buffer, uaPrivate: Buffer, uaPublic: Buffer, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20];
  const asPublic = body.subarray(21, 21 + idlen);
  const sealed = body.subarray(21 + idlen);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(uaPrivate);
  const secret = ecdh.computeSecret(asPublic);
  const prkKey = hmac(auth, secret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(sealed.subarray(sealed.length - 16));
  const record = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]);
  let end = record.length;
  while (end > 0 && record[end - 1] === 0) end -= 1;
  if (record[end - 1] !== 2) throw new Error('not a last record');
  return record.subarray(0, end - 1).toString('utf8');
}

export async function startPushStandIn(): Promise<PushStandIn> {
  const pair = (await webcrypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
  const uaPublic = Buffer.from(await webcrypto.subtle.exportKey('raw', pair.publicKey));
  const jwk = await webcrypto.subtle.exportKey('jwk', pair.privateKey);
  const uaPrivate = Buffer.from(jwk.d!, 'base64url');
  const auth = Buffer.from(webcrypto.getRandomValues(new Uint8Array(16)));
  const received: ReceivedPush[] = [];
  let status = 201;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let payload: unknown = null;
      try {
        payload = JSON.parse(decrypt(Buffer.concat(chunks), uaPrivate, uaPublic, auth));
      } catch (error) {
        payload = { undecryptable: String(error) };
      }
      received.push({ path: req.url ?? '', headers: req.headers, payload });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}/push/${b64url(webcrypto.getRandomValues(new Uint8Array(8)))}`,
    keys: { p256dh: b64url(uaPublic), auth: b64url(auth) },
    received,
    answerWith: (s) => {
      status = s;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
