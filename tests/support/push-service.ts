import { createECDH, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify } from 'jose';
import { selfSignedCertificate } from '../teams-host/entra';

/**
 * A local stand-in for a browser's push service (RFC 8030) and the browser behind it. It makes
 * subscriptions the way a browser does (a P-256 key pair and a 16-byte auth secret), accepts
 * `POST <endpoint>` over HTTPS only when the VAPID header is a valid ES256 JWT for this origin
 * signed by the key it names (RFC 8292), and decrypts the aes128gcm body with the browser's
 * private key (RFC 8291, RFC 8188), written here from the RFCs, not with the sender's library.
 */
export interface ReceivedPush {
  subscriptionId: string;
  /** The VAPID public key (base64url) the request was signed with. */
  vapidKey: string;
  subject: string;
  ttl: number;
  payload: unknown;
}

export interface PushServiceStandIn {
  origin: string;
  /** The certificate to trust (the server is HTTPS, as every real push service). */
  cert: Buffer;
  /** A new browser subscription, as PushSubscription.toJSON() gives it. */
  subscribe(): { endpoint: string; keys: { p256dh: string; auth: string } };
  /** From now on the service answers 410 Gone for this endpoint (the browser unsubscribed). */
  expire(endpoint: string): void;
  /** The next n pushes get 503. */
  failNext(n: number): void;
  received: ReceivedPush[];
  refused: { status: number; reason: string }[];
  close(): Promise<void>;
}

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

interface Browser {
  ecdh: ReturnType<typeof createECDH>;
  publicKey: Buffer;
  auth: Buffer;
  gone: boolean;
}

/** RFC 8291 section 3.4 and RFC 8188 section 2: one record, padding delimiter 0x02. */
function decrypt(browser: Browser, body: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const shared = browser.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.publicKey, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, browser.auth, keyInfo, 32));
  const prk = createHmac('sha256', salt).update(ikm).digest();
  const expand = (info: string, length: number) =>
    createHmac('sha256', prk)
      .update(Buffer.concat([Buffer.from(info), Buffer.from([0, 1])]))
      .digest()
      .subarray(0, length);
  const cek = expand('Content-Encoding: aes128gcm', 16);
  const nonce = expand('Content-Encoding: nonce', 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** Checks `Authorization: vapid t=<jwt>, k=<key>` and returns the key and subject. */
async function checkVapid(header: string | undefined, origin: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error('no vapid authorization');
  const [, token, key] = match;
  const point = Buffer.from(key!, 'base64url');
  if (point.length !== 65 || point[0] !== 4)
    throw new Error('k is not an uncompressed P-256 point');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33).toString('base64url'),
  };
  const { payload } = await jwtVerify(token!, await importJWK(jwk, 'ES256'), {
    algorithms: ['ES256'],
    audience: origin,
  });
  if (typeof payload.exp !== 'number' || payload.exp > Date.now() / 1000 + 24 * 3600) {
    throw new Error('exp missing or more than 24 hours ahead');
  }
  if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) {
    throw new Error('sub is not a contact');
  }
  return { key: key!, subject: payload.sub };
}

export async function startPushService(): Promise<PushServiceStandIn> {
  const { key, cert } = selfSignedCertificate();
  const browsers = new Map<string, Browser>();
  const received: ReceivedPush[] = [];
  const refused: { status: number; reason: string }[] = [];
  let failing = 0;
  let origin = '';

  const server: Server = createServer({ key, cert }, async (request, response) => {
    const refuse = (status: number, reason: string) => {
      refused.push({ status, reason });
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(reason);
    };
    const body = await readBody(request);
    const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1];
    const browser = id ? browsers.get(id) : undefined;
    if (request.method !== 'POST' || !id || !browser) return refuse(404, 'no such subscription');
    if (browser.gone) return refuse(410, 'subscription expired');
    if (failing > 0) {
      failing -= 1;
      return refuse(503, 'try later');
    }
    const ttl = Number(request.headers.ttl);
    if (!Number.isInteger(ttl) || ttl < 0) return refuse(400, 'TTL header missing');
    if (request.headers['content-encoding'] !== 'aes128gcm') {
      return refuse(400, 'content-encoding is not aes128gcm');
    }
    let vapid: { key: string; subject: string };
    try {
      vapid = await checkVapid(request.headers.authorization, origin);
    } catch (error) {
      return refuse(403, `vapid: ${(error as Error).message}`);
    }
    let payload: unknown;
    try {
      payload = JSON.parse(decrypt(browser, body).toString('utf8'));
    } catch (error) {
      return refuse(400, `decryption: ${(error as Error).message}`);
    }
    received.push({
      subscriptionId: id,
      vapidKey: vapid.key,
      subject: vapid.subject,
      ttl,
      payload,
    });
    response.writeHead(201, { location: `${origin}/message/${received.length}` });
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    cert,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomBytes(12).toString('base64url');
      browsers.set(id, { ecdh, publicKey, auth, gone: false });
      return {
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    expire(endpoint) {
      const id = endpoint.split('/').pop()!;
      const browser = browsers.get(id);
      if (browser) browser.gone = true;
    },
    failNext(n) {
      failing = n;
    },
    received,
    refused,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
