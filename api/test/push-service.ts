import { createECDH, randomBytes } from 'node:crypto';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';
import { generate } from 'selfsigned';
import { createPushAgent } from '../modules/push/endpoint-guard';

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * A push service for tests (RFC 8030) on a local HTTPS port with a certificate made for the run: it keeps what it
 * receives and answers `status()` (201 by default). `subscribe()` makes a browser's key pair and auth secret, as
 * `PushManager.subscribe()` does, and `read()` decrypts a message sent to it (RFC 8291, aes128gcm).
 */
export async function startPushService() {
  const { private: key, cert } = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  const received: ReceivedPush[] = [];
  let answer = 201;
  const server = createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const browsers = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  return {
    received,
    /** An agent that trusts this service's certificate (the app's own refuses private addresses). */
    agent: createPushAgent({ allowPrivateEndpoints: true, ca: cert }),
    status: (code: number) => {
      answer = code;
    },
    /** A new browser's subscription, as its `toJSON()` gives it; `host` may name the service another way. */
    subscribe(host = `127.0.0.1:${port}`) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomBytes(8).toString('hex');
      browsers.set(`/send/${id}`, { ecdh, auth });
      return {
        endpoint: `https://${host}/send/${id}`,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    read(push: ReceivedPush): unknown {
      const browser = browsers.get(push.path);
      if (!browser) throw new Error(`no browser subscribed at ${push.path}`);
      const plain = decrypt(push.body, { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.auth });
      return JSON.parse(plain.toString('utf8'));
    },
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
