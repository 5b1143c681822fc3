/**
 * The OpenAPI document is generated from the routes' schemas; this test keeps it complete: every
 * registered API operation is in it, tagged with its module, with a schema for its 2xx answer.
 * A new route without `schema.response` fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TAGS } from './plugins/openapi.ts';
import { createHarness, type Harness } from './test/harness.ts';
import { registeredApiRoutes } from './test/routes.ts';

interface Operation {
  tags?: string[];
  security?: unknown[];
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, unknown> };
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
    expect(operations().filter((o) => !o.op).map((o) => o.name)).toEqual([]);
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
