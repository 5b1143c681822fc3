/**
 * The OpenAPI document is generated from the routes' schemas; this test keeps it complete: every
 * registered API operation is in it, tagged with its module, with a schema for its 2xx answer.
 * A new route without `schema.response` fails here.
 */
import { CLIENT_EVENT_KINDS } from '@bh/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TAGS } from './plugins/openapi.ts';
import { createHarness, type Harness } from './test/harness.ts';
import { registeredApiRoutes } from './test/routes.ts';

interface Schema {
  [key: string]: unknown;
  properties?: Record<string, Schema>;
  items?: Schema;
  oneOf?: Schema[];
}
interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; schema?: Schema; description?: string }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
}
interface OpenApiDocument {
  openapi: string;
  info: { license?: { name?: string }; contact?: { name?: string } };
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, unknown>; schemas?: Record<string, Schema> };
}

let h: Harness;
let doc: OpenApiDocument;
beforeAll(async () => {
  h = await createHarness();
  const res = await h.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json<OpenApiDocument>();
});
afterAll(() => h.close());

/** '/api/users/:id' -> '/api/users/{id}' */
const openApiPath = (route: string) => route.replace(/:(\w+)/g, '{$1}');
const SELF = new Set(['GET /api/openapi.json']);
const operations = () =>
  registeredApiRoutes(h.app)
    .filter((r) => !SELF.has(r))
    .map((r) => {
      const [method = '', route = ''] = r.split(' ');
      return { name: r, op: doc.paths[openApiPath(route)]?.[method.toLowerCase()] };
    });

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3 document with the bearer security scheme', () => {
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.components?.securitySchemes?.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('lists every registered route', () => {
    expect(
      operations()
        .filter((o) => !o.op)
        .map((o) => o.name),
    ).toEqual([]);
  });

  it('gives every operation a module tag', () => {
    const tags = new Set<string>(API_TAGS.map((t) => t.name));
    const untagged = operations().filter((o) => o.op && !o.op.tags?.some((t) => tags.has(t)));
    expect(untagged.map((o) => o.name)).toEqual([]);
  });

  it('gives every operation a schema for its 2xx answer', () => {
    const lacking = operations().filter(({ op }) => {
      if (!op) return false;
      const ok = Object.entries(op.responses ?? {}).filter(([code]) => /^2\d\d$/.test(code));
      // 204 has no body by definition; every other 2xx must describe its body.
      return !ok.some(([code, r]) => code === '204' || Object.values(r.content ?? {}).some((c) => c.schema));
    });
    expect(lacking.map((o) => o.name)).toEqual([]);
  });
});

/** Every operation of the document, as 'METHOD /path' and its object. */
const allOperations = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
  );
const bodyOf = (path: string, method: string): Schema =>
  doc.paths[path]?.[method]?.requestBody?.content?.['application/json']?.schema ?? {};
const param = (path: string, method: string, name: string) =>
  doc.paths[path]?.[method]?.parameters?.find((p) => p.name === name);

describe('the document describes each operation (issue 30, item 5)', () => {
  it('gives every operation a unique operationId, a summary and real answer descriptions', () => {
    const ops = allOperations();
    const ids = ops.map((o) => o.op.operationId);
    expect(ops.filter((o) => !o.op.operationId || !o.op.summary).map((o) => o.name)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    const vague = ops.flatMap(({ name, op }) =>
      Object.entries(op.responses ?? {})
        .filter(([, r]) => !r.description || r.description === 'Default Response')
        .map(([status]) => `${name} ${status}`),
    );
    expect(vague).toEqual([]);
  });

  it('says who may call each operation: public ones `security: []`, the refresh cookie its own scheme', () => {
    expect(
      allOperations()
        .filter((o) => !o.op.security)
        .map((o) => o.name),
    ).toEqual([]);
    for (const [path, method] of [
      ['/api/health', 'get'],
      ['/api/auth/login', 'post'],
      ['/api/auth/register', 'post'],
      ['/api/pre-arrivals', 'post'],
    ] as const)
      expect(doc.paths[path]?.[method]?.security, `${method} ${path}`).toEqual([]);
    expect(doc.components?.securitySchemes?.refreshCookie).toMatchObject({ type: 'apiKey', in: 'cookie' });
    expect(doc.paths['/api/auth/refresh']?.post?.security).toEqual([{ refreshCookie: [] }]);
  });

  it('sets servers, licence and contact', () => {
    expect(doc.servers?.length).toBeGreaterThan(0);
    expect(doc.info.license?.name).toBeTruthy();
    expect(doc.info.contact?.name).toBeTruthy();
  });

  it('names shared schemas under components.schemas and refers to them', () => {
    const named = Object.keys(doc.components?.schemas ?? {});
    expect(named).toEqual(
      expect.arrayContaining(['ApiError', 'Traveler', 'HealthDeclaration', 'FileMetadata']),
    );
    expect(
      doc.paths['/api/travelers/{id}']?.get?.responses?.['200']?.content?.['application/json']?.schema,
    ).toEqual({
      $ref: '#/components/schemas/Traveler',
    });
  });
});

describe('the document declares what the server answers (issue 30, item 6)', () => {
  it('declares 429 everywhere, 415 where a JSON body is read, 414 with a path parameter, 400 with a query', () => {
    const missing = allOperations().flatMap(({ name, op }) => {
      const need = ['429'];
      if (op.requestBody?.content?.['application/json']) need.push('415');
      if (op.parameters?.some((p) => p.in === 'path')) need.push('414');
      if (op.parameters?.some((p) => p.in === 'query')) need.push('400');
      return need.filter((s) => !op.responses?.[s]).map((s) => `${name} ${s}`);
    });
    expect(missing).toEqual([]);
  });

  it('declares the CSV and XLSX downloads with their header rows', () => {
    const ok = (path: string) => doc.paths[path]?.get?.responses?.['200']?.content ?? {};
    expect(ok('/api/travelers/export')['text/csv']?.schema?.pattern).toContain('fullName,passportNo');
    expect(ok('/api/audit')['text/csv']?.schema?.pattern).toContain('id,at,userId');
    for (const kind of ['daily', 'weekly', 'monthly', 'custom']) {
      const content = ok(`/api/reports/${kind}`);
      expect(Object.keys(content), kind).toEqual(
        expect.arrayContaining([
          'application/json',
          'text/csv',
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        ]),
      );
    }
  });

  it('declares the multipart upload and the CSV / multipart import bodies', () => {
    const upload = doc.paths['/api/files']?.post?.requestBody?.content?.['multipart/form-data']?.schema;
    expect(upload?.required).toEqual(['file', 'file_type']);
    const bulk = doc.paths['/api/travelers/bulk-import']?.post?.requestBody?.content ?? {};
    expect(Object.keys(bulk)).toEqual(expect.arrayContaining(['text/csv', 'multipart/form-data']));
  });
});

describe('the document states what the server refuses (issue 30, item 7)', () => {
  it('e-mail format, phone pattern, unique risk zones, non-empty profile update', () => {
    expect(bodyOf('/api/auth/register', 'post').properties?.email).toMatchObject({ format: 'email' });
    const declaration = bodyOf('/api/health-declarations', 'post').properties ?? {};
    expect(new RegExp(String(declaration.phone?.pattern), 'u').test('abc')).toBe(false);
    expect(new RegExp(String(declaration.phone?.pattern), 'u').test('+84 90 123 4567')).toBe(true);
    expect(declaration.riskZones?.uniqueItems).toBe(true);
    expect(bodyOf('/api/users/profile', 'put').minProperties).toBe(1);
  });

  it('the pre-arrival code, week and month patterns, integer versions, the report range', () => {
    const code = new RegExp(String(param('/api/pre-arrivals/{code}', 'get', 'code')?.schema?.pattern), 'u');
    expect(code.test('ABCD-EFGH-JK')).toBe(true);
    expect(code.test('ABCD')).toBe(false);
    expect(code.test('ABCDEFGHI0')).toBe(false);
    expect(param('/api/reports/weekly', 'get', 'week')?.schema?.pattern).toBeTruthy();
    expect(param('/api/reports/monthly', 'get', 'month')?.schema?.pattern).toBeTruthy();
    expect(param('/api/travelers/{id}', 'delete', 'version')?.schema?.type).toBe('integer');
    expect(param('/api/reports/custom', 'get', 'to')?.description).toMatch(/at most \d+ days/);
  });

  it('timeline events as one branch per kind, sync mutations as one branch per table and op', () => {
    const event = bodyOf('/api/travelers/{id}/events', 'post');
    // status_changed, test_result, note and consent (CLIENT_EVENT_KINDS).
    expect(event.oneOf?.map((b) => b.properties?.kind)).toHaveLength(CLIENT_EVENT_KINDS.length);
    expect(CLIENT_EVENT_KINDS).toHaveLength(4);
    const mutation = bodyOf('/api/sync/push', 'post').properties?.mutations?.items;
    const branches = mutation?.oneOf ?? [];
    expect(branches.length).toBeGreaterThan(6);
    const travelerCreate = branches.find(
      (b) =>
        JSON.stringify(b.properties?.table).includes('travelers') &&
        JSON.stringify(b.properties?.op).includes('create'),
    );
    expect(travelerCreate?.properties?.id).toMatchObject({ format: 'uuid' });
    expect(travelerCreate?.properties?.baseVersion).toEqual({ type: 'null' });
  });
});

describe('GET /api/docs', () => {
  it('serves the reference UI from this server, with a CSP of this origin only', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger-ui');
    expect(res.body).not.toMatch(/https?:\/\/(?!localhost)/);
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    const asset = await h.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(asset.statusCode).toBe(200);
  });
});
