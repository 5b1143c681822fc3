/**
 * A stand-in for a browser push service in tests: an https server with a throwaway certificate
 * (made with the openssl CLI), browser-side subscription keys, and the RFC 8291 decryption a
 * browser does, written here with node:crypto (ECDH P-256 + HKDF-SHA-256 + AES-128-GCM).
 */
import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, type ECDH, hkdfSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface TestCertificate {
  certFile: string;
  cert: string;
  key: string;
}

/** A self-signed certificate for 127.0.0.1 and localhost, valid for a day. */
export function makeTestCertificate(): TestCertificate {
  const dir = mkdtempSync(path.join(tmpdir(), 'bh-push-cert-'));
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  return { certFile, cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8') };
}

interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * The fake service answers 201 unless `statusFor(path)` says otherwise (e.g. 410 for a
 * subscription the browser dropped) and keeps every request it got. It listens on `port`
 * when a server started earlier must know its origin (the end-to-end run), else on any port.
 */
export async function startFakePushService(
  certificate: TestCertificate,
  statusFor: (path: string) => number = () => 201,
  port = 0,
) {
  const received: ReceivedPush[] = [];
  const server = createServer({ cert: certificate.cert, key: certificate.key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = req.url ?? '/';
      received.push({ path: url, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(statusFor(url)).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  const listening = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    origin: `https://127.0.0.1:${listening}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface BrowserKeys {
  ecdh: ECDH;
  auth: Buffer;
  /** As PushSubscription.toJSON() gives them. */
  keys: { p256dh: string; auth: string };
}

/** The key pair and auth secret a browser makes for a subscription. */
export function makeBrowserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

const info = (label: string) => Buffer.concat([Buffer.from(`Content-Encoding: ${label}`), Buffer.from([0])]);

/** Decrypts an aes128gcm push body (RFC 8188 framing, RFC 8291 keys) as the browser would. */
export function decryptPush(body: Buffer, browser: BrowserKeys): string {
  // Header: salt (16) | record size (4) | key id length (1) | key id = sender's public key.
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = browser.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info'),
    Buffer.from([0]),
    browser.ecdh.getPublicKey(),
    senderPublic,
  ]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, browser.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, info('aes128gcm'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, info('nonce'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 followed by zero padding.
  const end = padded.lastIndexOf(2);
  return padded.subarray(0, end).toString('utf8');
}
