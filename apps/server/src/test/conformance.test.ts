/**
 * Contract conformance: requests made from /api/openapi.json alone (as a generated client would
 * make them), valid and invalid, for every operation, as anonymous, officer and admin. Every
 * answer's status must be declared for that operation, and its body must match the schema the
 * document declares for it (JSON through Ajv; a CSV's header row through the declared pattern);
 * never a 5xx. Requests valid by the document but refused as a validation error are counted, and
 * fail the test unless the rule is one the document can only state in words (PROSE_RULES).
 *
 * CONFORMANCE_RUNS (default 6) valid and as many invalid requests per operation and caller, fixed
 * seed (CONFORMANCE_SEED). CONFORMANCE_REPORT=1 prints the figures and each kind of violation.
 */
import { randomUUID } from 'node:crypto';
import { validTravelerInput } from '@bh/shared/testing';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Components, deref, invalidBody, type Schema, validValue } from './conformance-values.ts';
import { createHarness, type Harness, UNTHROTTLED } from './harness.ts';
import { declarationPayload } from './payloads.ts';

const RUNS = Number(process.env.CONFORMANCE_RUNS ?? 6);
const SEED = Number(process.env.CONFORMANCE_SEED ?? 20261127);
const REPORT = Boolean(process.env.CONFORMANCE_REPORT);

interface MediaType {
  schema?: Schema;
}
interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, MediaType> };
  responses?: Record<string, { content?: Record<string, MediaType> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: Components;
}

type Caller = 'anonymous' | 'officer' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'officer', 'admin'];
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

let h: Harness;
let doc: Document;
let ajv: Ajv2020;
const ids: Record<string, string[]> = {};
const tokens: Partial<Record<Caller, string>> = {};

async function freshCallers() {
  for (const role of ['officer', 'admin'] as const) tokens[role] = (await h.user(role)).headers.authorization;
}

/** Real records, so that some generated path ids reach rows. */
async function seed() {
  await freshCallers();
  const officer = { authorization: tokens.officer ?? '' };
  const travelerId = randomUUID();
  await h.app.inject({
    method: 'POST',
    url: '/api/travelers',
    headers: officer,
    payload: { id: travelerId, ...validTravelerInput },
  });
  await h.app.inject({
    method: 'POST',
    url: '/api/health-declarations',
    headers: officer,
    payload: declarationPayload(travelerId, { id: travelerId }),
  });
  const upload = await h.app.inject({
    method: 'POST',
    url: '/api/files',
    headers: { ...officer, 'content-type': 'multipart/form-data; boundary=b' },
    payload: multipart({ file_type: 'health_test_result' }, PNG),
  });
  ids.id = [travelerId, upload.json<{ id?: string }>().id ?? travelerId];
  ids.travelerId = [travelerId];
}

function multipart(fields: Record<string, string>, file: Buffer, name = 'a.png', type = 'image/png'): Buffer {
  const parts = Object.entries(fields).map(
    ([k, v]) => `--b\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  return Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(
      `--b\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from('\r\n--b--\r\n'),
  ]);
}

interface Request {
  caller: Caller;
  valid: boolean;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** The generated values and the schemas they were made for (a valid request re-checks them). */
  checks: [string, Schema, unknown][];
}

/** One request for `op`: valid by the document, or broken in its body, query or path. */
function requestFor(method: string, path: string, op: Operation, caller: Caller, valid: boolean) {
  const name = `${method.toUpperCase()} ${path}`;
  const c = doc.components;
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const pathArb = fc.record(
    Object.fromEntries(
      pathParams.map((p) => {
        const known = ids[p.name] ?? [];
        const generated = validValue(p.schema, c);
        return [p.name, known.length ? fc.oneof(generated, fc.constantFrom(...known)) : generated];
      }),
    ),
  );
  const queryArb = fc.record(
    Object.fromEntries(
      queryParams.map((p) => {
        const v = validValue(p.schema, c);
        return [p.name, p.required ? v : fc.option(v, { nil: undefined })];
      }),
    ),
  );
  const content = op.requestBody?.content ?? {};
  const json = content['application/json']?.schema;
  const bodyArb: fc.Arbitrary<{ type?: string; payload?: string | Buffer }> = json
    ? validValue(json, c).chain((body) =>
        (valid ? fc.constant(body) : fc.oneof(invalidBody(body, json, c), fc.constant(body))).map((b) => ({
          type: 'application/json',
          payload: JSON.stringify(b),
        })),
      )
    : content['multipart/form-data']
      ? fc
          .record(
            Object.fromEntries(
              Object.entries(deref(content['multipart/form-data'].schema, c).properties ?? {})
                .filter(([, s]) => deref(s, c).format !== 'binary')
                .map(([k, s]) => [k, validValue(s, c).map(String)]),
            ),
          )
          .map((fields) => ({
            type: 'multipart/form-data; boundary=b',
            payload: path.includes('bulk-import')
              ? multipart(fields, Buffer.from(csvOf(content)), 'a.csv', 'text/csv')
              : multipart(fields, PNG),
          }))
      : fc.constant({});
  return fc.tuple(pathArb, queryArb, bodyArb, fc.nat(3)).map(([p, q, body, breakWhat]): Request => {
    let url = path.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(String(p[k] ?? '')));
    const query = Object.entries(q).filter(([, v]) => v !== undefined);
    if (!valid && breakWhat === 1 && queryParams.length)
      query.push([queryParams[0]?.name ?? 'x', 'not-valid-!']);
    if (!valid && breakWhat === 2 && pathParams.length) url = url.replace(/[^/]+$/, 'not-an-id');
    if (query.length)
      url += `?${query.map(([k, v]) => `${k}=${encodeURIComponent(Array.isArray(v) ? v.join(',') : String(v))}`).join('&')}`;
    const headers: Record<string, string> = {};
    const token = tokens[caller];
    if (token) headers.authorization = token;
    if (body.type) headers['content-type'] = !valid && breakWhat === 3 ? 'application/xml' : body.type;
    const checks: [string, Schema, unknown][] = [
      ...pathParams.map((x): [string, Schema, unknown] => [
        `${name} path ${x.name}`,
        x.schema ?? {},
        p[x.name],
      ]),
      ...queryParams
        .filter((x) => q[x.name] !== undefined)
        .map((x): [string, Schema, unknown] => [`${name} query ${x.name}`, x.schema ?? {}, q[x.name]]),
    ];
    if (json && typeof body.payload === 'string')
      checks.push([`${name} body`, json, JSON.parse(body.payload)]);
    return { caller, valid, method: method.toUpperCase(), url, headers, payload: body.payload, checks };
  });
}

/** The bulk import's CSV: the declared header row, then one line. */
function csvOf(content: Record<string, MediaType>): string {
  const example = content['text/csv']?.schema?.example;
  return typeof example === 'string'
    ? example
    : 'fullName,passportNo,nationality,entryDate\nA B,B1234567,VN,2026-01-01\n';
}

/** '#/components/schemas/X' made absolute against the document Ajv holds. */
const rebased = (schema: unknown) =>
  JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi.json#/components/'));

const validators = new Map<string, ReturnType<Ajv2020['compile']>>();
function validate(key: string, schema: Schema, value: unknown): string | null {
  let check = validators.get(key);
  if (!check) {
    check = ajv.compile(rebased(schema));
    validators.set(key, check);
  }
  return check(value) ? null : ajv.errorsText(check.errors).slice(0, 300);
}

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;
function methodOf(m: string): (typeof METHODS)[number] {
  const found = METHODS.find((x) => x === m);
  if (!found) throw new Error(`unexpected method ${m}`);
  return found;
}

/**
 * Refusals of requests that are valid by the document's schemas, for rules its JSON Schema cannot
 * carry and that it states in words instead: one field against another (confirmation, date
 * order, range length, a declaration's id is its traveller's), the server's own settings (the
 * push services it accepts), opaque tokens it made (a list cursor), a file with no rows. Any
 * other code refused on a valid request is a rule the document does not state: a failure.
 */
const PROSE_RULES = new Set([
  'validation.password_mismatch',
  'validation.password_same',
  'validation.password_short_without_consent',
  'validation.password_contains_email',
  'validation.date_range',
  'validation.report_range_too_long',
  'sync.validation.declarationIdMismatch',
  'push.errors.endpointNotAllowed',
  'travelers.import.empty',
  'travelers.cursor',
  'sync.skip_order',
  // A post named by id must exist (server data, like a referenced file); a time zone must be one
  // the server's time zone database knows (IANA names).
  'post.errors.unknownPost',
  'post.errors.timeZone',
]);
const unstated = new Set<string>();
function refusalCodes(body: string): string[] {
  const details: unknown = JSON.parse(body).error?.details;
  if (!Array.isArray(details)) return ['(no details)'];
  return details.map((d: { field?: string; code?: string }) =>
    // The list cursor is a token the server made: a made-up one is refused by design.
    d.field === 'cursor' && d.code === 'validation.invalid'
      ? 'travelers.cursor'
      : /^skip\.\d+$/.test(d.field ?? '') && d.code === 'validation.invalid_format'
        ? 'sync.skip_order'
        : String(d.code),
  );
}

interface Figures {
  requests: number;
  undeclared: number;
  mismatched: number;
  serverErrors: number;
  validRefused: number;
}
const figures: Figures = { requests: 0, undeclared: 0, mismatched: 0, serverErrors: 0, validRefused: 0 };
const problems = new Map<string, number>();
const note = (kind: keyof Figures, what: string) => {
  figures[kind]++;
  problems.set(`${kind}: ${what}`, (problems.get(`${kind}: ${what}`) ?? 0) + 1);
};

function check(
  name: string,
  op: Operation,
  req: Request,
  res: { statusCode: number; headers: Record<string, unknown>; body: string; rawPayload: Buffer },
) {
  figures.requests++;
  const status = String(res.statusCode);
  if (res.statusCode >= 500) note('serverErrors', `${name} ${status} ${res.body.slice(0, 120)}`);
  const declared = op.responses?.[status] ?? op.responses?.[`${status[0]}XX`] ?? op.responses?.default;
  if (!declared) {
    note('undeclared', `${name} ${status}`);
    return;
  }
  if (req.valid && res.statusCode === 400) {
    note('validRefused', `${name} ${res.body.slice(0, 160)}`);
    for (const code of refusalCodes(res.body)) if (!PROSE_RULES.has(code)) unstated.add(`${name}: ${code}`);
  }
  const type =
    String(res.headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim() ?? '';
  if (res.statusCode === 204 || res.rawPayload.length === 0) return;
  const media = declared.content?.[type];
  if (!media) {
    note('mismatched', `${name} ${status}: ${type || 'no type'} not declared`);
    return;
  }
  if (!media.schema) return;
  let value: unknown;
  if (type === 'application/json') value = JSON.parse(res.body);
  else if (type.startsWith('text/')) value = res.body;
  else value = res.rawPayload.subarray(0, 2).toString('latin1');
  const error = validate(`${name} ${status} ${type}`, media.schema, value);
  if (error) note('mismatched', `${name} ${status} ${type}: ${error}`);
}

beforeAll(async () => {
  h = await createHarness(UNTHROTTLED);
  doc = (await h.app.inject({ url: '/api/openapi.json' })).json<Document>();
  ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'openapi.json', components: doc.components }, 'openapi.json');
  await seed();
}, 60_000);
afterAll(() => h?.close());

describe(`contract conformance (seed ${SEED}, ${RUNS} valid + ${RUNS} invalid per operation and caller)`, () => {
  it('every answer is declared and matches its declared schema, never 5xx', async () => {
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const name = `${method.toUpperCase()} ${path}`;
        await freshCallers();
        for (const caller of CALLERS) {
          for (const valid of [true, false]) {
            const samples = fc.sample(requestFor(method, path, op, caller, valid), {
              seed: SEED,
              numRuns: RUNS,
            });
            for (const req of samples) {
              // Valid means valid by the document: a generated value its schema refuses is not.
              req.valid &&= req.checks.every(([key, schema, value]) => validate(key, schema, value) === null);
              const res = await h.app.inject({
                method: methodOf(req.method),
                url: req.url,
                headers: req.headers,
                payload: req.payload,
              });
              check(name, op, req, res);
            }
          }
        }
      }
    }
    if (REPORT) {
      console.info(`refused on rules the schemas do not carry: ${[...unstated].join(', ') || 'none'}`);
      console.info(JSON.stringify(figures));
      console.info(
        [...problems]
          .map(([k, n]) => `${n} x ${k}`)
          .sort()
          .join('\n'),
      );
    }
    const shown = [...problems.keys()].filter((k) => !k.startsWith('validRefused')).slice(0, 40);
    expect({ ...figures, validRefused: 0 }, shown.join('\n')).toEqual({
      requests: figures.requests,
      undeclared: 0,
      mismatched: 0,
      serverErrors: 0,
      validRefused: 0,
    });
    expect([...unstated], 'valid by the document, refused on a rule it does not state').toEqual([]);
  }, 240_000);
});
