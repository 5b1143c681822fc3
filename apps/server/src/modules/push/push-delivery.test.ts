/**
 * End to end, as in production: the real server in its own process (its job loop running while
 * it listens), a fake push service over https whose throwaway certificate the server trusts
 * through NODE_EXTRA_CA_CERTS (read by node at start, hence the child process) and whose origin
 * is in PUSH_ENDPOINT_ALLOW. An admin subscribes, switches the system mode, and the test
 * decrypts what arrived with the subscription's keys (RFC 8291) to find the new mode.
 * The child always runs on its own PGlite; the PostgreSQL pass covers the queue in
 * push-sender.test.ts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  authAnswerSchema,
  pushMessageSchema,
  pushPublicKeySchema,
  pushSubscriptionSavedSchema,
  systemStatusAnswerSchema,
} from '@bh/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { z } from 'zod';
import { serverRoot } from '../../paths.ts';
import {
  decryptPush,
  makeBrowserKeys,
  makeTestCertificate,
  startFakePushService,
} from '../../test/fake-push-service.ts';

const ADMIN = { email: 'push-admin@test.vn', password: 'Xq7!vR2#pL9@wZ4k-push' };
const certificate = makeTestCertificate();
let service: Awaited<ReturnType<typeof startFakePushService>>;
let child: ChildProcess;
let base = '';

function startServer(env: NodeJS.ProcessEnv): Promise<string> {
  const { DATABASE_URL: _pg, ...inherited } = process.env;
  child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (listening?.[1]) resolve(listening[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}

beforeAll(async () => {
  service = await startFakePushService(certificate);
  base = await startServer({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bh-push-e2e-')),
    LOG_LEVEL: 'info',
    NODE_ENV: 'test',
    SEED_DEMO: 'false',
    WEB_DIST: path.join(tmpdir(), 'no-web-build'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    NODE_EXTRA_CA_CERTS: certificate.certFile,
    PUSH_ENDPOINT_ALLOW: service.origin,
  });
}, 60_000);

afterAll(async () => {
  child?.kill('SIGTERM');
  await service?.close();
});

async function call<S extends z.ZodType>(
  schema: S,
  method: string,
  url: string,
  token: string | null,
  body?: unknown,
) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const status = res.status;
  return { status, body: status < 300 ? schema.parse(await res.json()) : null };
}

it('a mode change reaches a subscribed browser, encrypted for it, without blocking the request', async () => {
  const login = await call(authAnswerSchema, 'POST', '/api/auth/login', null, {
    ...ADMIN,
    rememberMe: false,
  });
  expect(login.status).toBe(200);
  const token = login.body?.token ?? '';
  const key = await call(pushPublicKeySchema, 'GET', '/api/push/public-key', token);
  const publicKey = key.body?.publicKey ?? '';
  expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);

  const browser = makeBrowserKeys();
  const saved = await call(pushSubscriptionSavedSchema, 'POST', '/api/push-subscriptions', token, {
    subscription: { endpoint: `${service.origin}/push/device-1`, expirationTime: null, keys: browser.keys },
    userAgent: 'test browser',
    timestamp: new Date().toISOString(),
  });
  expect(saved.status).toBe(201);

  const changed = await call(systemStatusAnswerSchema, 'PUT', '/api/system-status', token, {
    mode: 'emergency',
  });
  expect(changed.status).toBe(200);
  expect(changed.body?.mode).toBe('emergency');

  await expect.poll(() => service.received.length, { timeout: 15_000 }).toBe(1);
  const [push] = service.received;
  expect(push?.path).toBe('/push/device-1');
  expect(push?.headers.urgency).toBe('high');
  // The VAPID JWT is signed with the key the browser subscribed with.
  expect(String(push?.headers.authorization)).toContain(`k=${publicKey}`);
  const message = pushMessageSchema.parse(JSON.parse(decryptPush(push?.body ?? Buffer.alloc(0), browser)));
  expect(message).toEqual({
    type: 'mode-changed',
    titleKey: 'modeChanged',
    params: { mode: 'emergency' },
    url: '/',
  });
}, 60_000);
