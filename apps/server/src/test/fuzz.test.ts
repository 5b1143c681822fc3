/**
 * Route fuzz test: every registered /api route, called through app.inject as anonymous, officer
 * and admin with random bodies, query strings, headers and multipart bodies (fuzz-requests.ts).
 * For every request: never a 5xx; a 4xx has the error envelope and wrote nothing (fingerprint of
 * every table but the audit log, and of the file store, before and after; see fuzz-db.ts).
 *
 * Short mode (inside `npm test`): a fixed seed, 300 requests per route (optionally cut by a time
 * budget, FUZZ_BUDGET_MS). Long mode (`npm run fuzz`): FUZZ_RUNS=2000 per route, no budget, a random seed,
 * on PGlite and, when DATABASE_URL is set, on PostgreSQL. A failure prints the seed; rerun with
 * FUZZ_SEED=<seed> (and the same FUZZ_RUNS) to replay it. FUZZ_STATS=1 prints statuses per route.
 */
import { randomUUID } from 'node:crypto';
import { apiErrorSchema } from '@bh/shared';
import { validDeclarationForm, validRegistration, validTravelerInput } from '@bh/shared/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonSchema } from './fuzz-arbitraries.ts';
import { installWriteCounter } from './fuzz-db.ts';
import { type FuzzContext, type FuzzRequest, type RouteSpec, requestFor } from './fuzz-requests.ts';
import { createHarness, type Harness, UNTHROTTLED } from './harness.ts';
import { declarationPayload } from './payloads.ts';
import { registeredApiRoutes } from './routes.ts';

/** Long mode: set by `npm run fuzz` (or any FUZZ_RUNS). */
const LONG = process.env.FUZZ_RUNS !== undefined;
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : LONG ? Date.now() % 2 ** 31 : 20261123;
/**
 * Optional time budget shared out over the routes (FUZZ_BUDGET_MS): a route then runs fewer of
 * its RUNS inputs (the same seeded sequence, cut short). Off by default, so every machine runs
 * exactly the same requests and a result here is the result in CI (~15,000 requests, ~40 s).
 */
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 0);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** What the OpenAPI document says about each operation's query and JSON body. */
function specsOf(
  doc: { paths?: Record<string, Record<string, OpenApiOperation>> },
  routes: string[],
): RouteSpec[] {
  return routes.map((entry) => {
    const [method = 'GET', route = '/'] = entry.split(' ');
    const op = doc.paths?.[route.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[method.toLowerCase()];
    const query: Record<string, JsonSchema> = {};
    for (const p of op?.parameters ?? []) if (p.in === 'query') query[p.name] = p.schema ?? {};
    return { method, route, query, body: op?.requestBody?.content?.['application/json']?.schema ?? null };
  });
}

/** Statuses answered per route (printed with FUZZ_STATS=1, to see how deep the inputs get). */
const stats: Record<string, Record<number, number>> = {};
/**
 * The sync push carries records as free-form `data`; its schema says nothing about their fields.
 * Give the generator the traveller and declaration bodies of the REST routes (less their id), so
 * that pushed records get as deep as REST writes do.
 */
function withSyncHints(specs: RouteSpec[]): RouteSpec[] {
  const bodyOf = (route: string) => specs.find((s) => s.method === 'POST' && s.route === route)?.body;
  const withoutId = (schema: JsonSchema | null | undefined): JsonSchema => {
    const { id: _id, ...properties } = schema?.properties ?? {};
    return { ...schema, properties, required: (schema?.required ?? []).filter((k) => k !== 'id') };
  };
  const records = [bodyOf('/api/travelers'), bodyOf('/api/health-declarations')].map(withoutId);
  return specs.map((spec) => {
    const item = spec.body?.properties?.mutations?.items;
    if (spec.route !== '/api/sync/push' || !item?.properties) return spec;
    const items = {
      ...item,
      properties: { ...item.properties, data: { anyOf: [...records, { type: 'null' }] } },
    };
    const mutations = { ...spec.body?.properties?.mutations, items };
    return { ...spec, body: { ...spec.body, properties: { ...spec.body?.properties, mutations } } };
  });
}

/** Valid bodies per route, varied by the generator (ids point at seeded records). */
function samplesFor(route: string, ids: string[]): Record<string, unknown>[] | undefined {
  const [travelerId = '', , , fileId = ''] = ids;
  const declaration = { ...validDeclarationForm, travelerId, testFileId: fileId, systemMode: 'pandemic' };
  const push = (table: string, data: object) => ({
    clientId: randomUUID(),
    mutations: [{ seq: 1, table, op: 'create', id: randomUUID(), baseVersion: null, data }],
  });
  const samples: Record<string, Record<string, unknown>[]> = {
    'POST /api/travelers': [{ id: randomUUID(), ...validTravelerInput }],
    'PUT /api/travelers/:id': [{ ...validTravelerInput, version: 1 }],
    'POST /api/health-declarations': [{ id: randomUUID(), ...declaration }],
    'PUT /api/health-declarations/:id': [{ ...declaration, version: 1 }],
    'POST /api/sync/push': [push('travelers', validTravelerInput), push('healthDeclarations', declaration)],
    'POST /api/auth/register': [validRegistration],
    'POST /api/users': [
      { name: 'Le Van C', email: 'c@test.vn', role: 'officer', password: 'Strong@123-river' },
    ],
    'PUT /api/users/profile': [{ name: 'Ten Moi' }],
  };
  return samples[route];
}

let h: Harness;
let ctx: FuzzContext;
let specs: RouteSpec[] = [];
let writes: Awaited<ReturnType<typeof installWriteCounter>>;

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;
const isMethod = (m: string): m is (typeof METHODS)[number] => METHODS.some((x) => x === m);

async function call(req: {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}) {
  if (!isMethod(req.method)) throw new Error(`unexpected method ${req.method}`);
  return h.app.inject({ method: req.method, url: req.url, headers: req.headers, payload: req.payload });
}

/** Live sessions and some real records, so that valid-looking requests reach real rows. */
async function seed(): Promise<FuzzContext> {
  const officer = await h.user('officer');
  const admin = await h.user('admin');
  const auth = (u: { headers: { authorization: string } }) => u.headers;
  const travelerId = randomUUID();
  const created = await h.app.inject({
    method: 'POST',
    url: '/api/travelers',
    headers: auth(officer),
    payload: { id: travelerId, ...validTravelerInput },
  });
  // A declaration has its traveller's id (one declaration per traveller).
  const declarationId = travelerId;
  const declared = await h.app.inject({
    method: 'POST',
    url: '/api/health-declarations',
    headers: auth(officer),
    payload: declarationPayload(travelerId, { id: declarationId }),
  });
  const boundary = 'seedBoundary';
  const upload = await call({
    method: 'POST',
    url: '/api/files',
    headers: { ...auth(officer), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file_type"\r\n\r\nhealth_test_result\r\n`,
      ),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  await h.app.inject({
    method: 'PUT',
    url: '/api/system-status',
    headers: auth(admin),
    payload: { mode: 'pandemic' },
  });
  const register = await h.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      name: 'Trần Thị B',
      email: 'fuzz@test.vn',
      password: 'Strong@123-river',
      confirmPassword: 'Strong@123-river',
      age: 30,
      gender: 'female',
      terms: true,
    },
  });
  const notes = await h.app.inject({ url: '/api/notifications', headers: auth(officer) });
  // The generator leans on these records: a seed that no longer works must be noticed.
  for (const res of [created, declared, upload])
    if (res.statusCode >= 300) throw new Error(`seed failed: ${res.body}`);
  const ids = [travelerId, officer.id, admin.id];
  for (const res of [upload, register]) {
    const id = res.json()?.id;
    if (typeof id === 'string') ids.push(id);
  }
  const requests = await h.app.inject({ url: '/api/account-requests', headers: auth(admin) });
  for (const item of [...(notes.json()?.items ?? []), ...(requests.json()?.items ?? [])]) {
    if (typeof item?.id === 'string') ids.push(item.id);
  }
  const token = (u: { headers: { authorization: string } }) =>
    u.headers.authorization.slice('Bearer '.length);
  return { tokens: { officer: token(officer), admin: token(admin) }, ids };
}

/** Fresh sessions for each route: an earlier route may have logged out or disabled a caller. */
async function refreshCallers() {
  const officer = await h.user('officer');
  const admin = await h.user('admin');
  ctx.tokens = {
    officer: officer.headers.authorization.slice(7),
    admin: admin.headers.authorization.slice(7),
  };
}

beforeAll(async () => {
  // Unthrottled: thousands of requests from one address would otherwise meet the rate limits.
  h = await createHarness(UNTHROTTLED);
  ctx = await seed();
  const doc = (await h.app.inject({ url: '/api/openapi.json' })).json();
  specs = withSyncHints(specsOf(doc, registeredApiRoutes(h.app))).map((spec) => ({
    ...spec,
    samples: samplesFor(`${spec.method} ${spec.route}`, ctx.ids),
  }));
  writes = await installWriteCounter(h);
}, 60_000);
afterAll(async () => {
  await writes?.remove();
  await h?.close();
});

const describeLine = (r: FuzzRequest) =>
  `${r.caller} ${r.method} ${r.url.slice(0, 300)} ${JSON.stringify(r.headers).slice(0, 300)} ${String(r.payload ?? '').slice(0, 300)}`;

describe(`route fuzz (seed ${SEED}, up to ${RUNS} requests per route)`, () => {
  it('covers every registered API route', () => {
    expect(specs.length).toBeGreaterThan(30);
  });

  it(
    'no route answers 5xx or writes on a rejected request',
    async () => {
      const failures: string[] = [];
      const started = Date.now();
      let total = 0;
      for (const [index, spec] of specs.entries()) {
        const left = (BUDGET_MS - (Date.now() - started)) / (specs.length - index);
        const limit =
          BUDGET_MS > 0
            ? { interruptAfterTimeLimit: Math.max(500, left), markInterruptAsFailure: false }
            : {};
        await refreshCallers();
        let before = await writes.read();
        const property = fc.asyncProperty(requestFor(spec, ctx), async (req) => {
          const res = await call(req);
          const after = await writes.read();
          const key = `${spec.method} ${spec.route}`;
          const counts = stats[key] ?? {};
          stats[key] = counts;
          counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
          const wrote = after !== before;
          const was = before;
          before = after;
          if (res.statusCode >= 500) throw new Error(`${res.statusCode} ${res.body.slice(0, 300)}`);
          if (res.statusCode >= 400) {
            if (!apiErrorSchema.safeParse(res.json()).success)
              throw new Error(`no error envelope: ${res.body.slice(0, 200)}`);
            if (wrote) throw new Error(`${res.statusCode} but wrote: ${was} -> ${after}`);
          }
        });
        const out = await fc.check(property, { seed: SEED, numRuns: RUNS, endOnFailure: true, ...limit });
        total += out.numRuns;
        if (out.failed) {
          const example = out.counterexample?.[0];
          failures.push(
            `${spec.method} ${spec.route}: ${String(out.errorInstance instanceof Error ? out.errorInstance.message : out.errorInstance)}\n    ${example ? describeLine(example) : ''}\n    (FUZZ_SEED=${out.seed} path ${out.counterexamplePath})`,
          );
        }
      }
      console.info(`route fuzz: ${total} requests over ${specs.length} routes, seed ${SEED}`);
      if (process.env.FUZZ_STATS) console.info(JSON.stringify(stats, null, 1));
      expect(failures, `route fuzz failures (seed ${SEED}):\n${failures.join('\n')}`).toEqual([]);
    },
    120_000 + RUNS * 60 * 15,
  );
});
