/**
 * What the routes' zod schemas cannot say by themselves, added to the generated OpenAPI
 * document: each operation's id, summary and answer descriptions; who may call it (`security`);
 * the statuses every route can answer before its own code runs (429 from the per-address limit,
 * 414 from an over-long path parameter, 400 from a malformed URL or query, 413/415 where a body is
 * read); the CSV / XLSX / NDJSON media types of the downloads; the multipart and CSV bodies that
 * the upload and import routes read themselves.
 */
import { FILE_KIND_MIME_TYPES, UPLOAD_FILE_TYPES } from '@bh/shared';
import { z } from 'zod';
import { AUDIT_CSV_HEADER } from '../modules/audit/store.ts';
import { REPORT_CSV_FIRST_HEADER } from '../modules/reports/tables.ts';
import { TRAVELER_CSV_COLUMNS } from '../modules/travelers/csv.ts';
import operations from './openapi-operations.json';

/** The columns an import's header must name (travelers/import.ts refuses a file without one). */
const IMPORT_REQUIRED_COLUMNS = ['fullName', 'passportNo', 'nationality', 'entryDate'];

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * operationId, summary and the description of the success answer, per 'METHOD /path': a data
 * file (openapi-operations.json), checked as it is read; the document test fails when an
 * operation has no entry.
 */
const OPERATIONS: Record<string, [string, string, string]> = z
  .record(z.string(), z.tuple([z.string(), z.string(), z.string()]))
  .parse(operations);

/**
 * Rules that hold between fields or depend on the server's own state, which JSON Schema cannot
 * carry: stated in words in the operation's description (a 400 names the field).
 */
const RULES_IN_WORDS: Record<string, string> = {
  'POST /api/health-declarations': 'The declaration id is its traveller id (one declaration per traveller).',
  'PUT /api/health-declarations/{id}': 'travelerId is the declaration id of the path.',
  'POST /api/auth/register':
    'confirmPassword equals password; the password does not contain the name part of the e-mail.',
  'POST /api/users':
    'A password shorter than the minimum needs shortPasswordConsent: true; it does not contain the name part of the e-mail.',
  'POST /api/users/change-password':
    'confirmPassword equals newPassword, and newPassword differs from currentPassword.',
  'POST /api/push-subscriptions': "The endpoint is on a push service this server's settings accept.",
  'GET /api/reports/custom':
    '`from` is on or before `to`, and the range is at most the documented number of days.',
  'GET /api/audit': '`from` is on or before `to`.',
  'POST /api/travelers/bulk-import': 'The file has at least one data row.',
  'GET /api/sync/pull': 'Each `skip` range from-to has from <= to.',
  'GET /api/travelers': '`cursor` is a `nextCursor` this server answered, with the same filters and sort.',
};

/** Operations anyone may call; the refresh cookie authenticates refresh (and, if sent, logout). */
const PUBLIC = new Set([
  'GET /api/health',
  'POST /api/auth/login',
  'POST /api/auth/register',
  'GET /api/auth/demo',
  'POST /api/pre-arrivals',
  'GET /api/posts/public',
  'GET /api/privacy/notice',
]);
const COOKIE: Record<string, Record<string, string[]>[]> = {
  'POST /api/auth/refresh': [{ refreshCookie: [] }],
  'POST /api/auth/logout': [{ refreshCookie: [] }, {}],
};

const ERROR_DESCRIPTIONS: Record<string, string> = {
  400: 'Invalid request: a field, the query, the path or the body (details name the fields)',
  401: 'Not logged in, or the session ended',
  403: 'Logged in, but this role may not do this',
  404: 'No such record',
  409: 'Conflict with the stored record (details.serverRecord)',
  413: 'The body is too large',
  414: 'A path parameter is too long',
  415: 'This Content-Type is not accepted',
  422: 'Refused by a business rule',
  429: 'Too many requests from this address or for this account; see Retry-After',
  500: 'Server error',
};

type Json = Record<string, unknown>;
interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  security?: unknown[];
  parameters?: { in: string }[];
  requestBody?: { required?: boolean; content?: Record<string, unknown> };
  responses: Record<
    string,
    { description?: string; headers?: Json; content?: Record<string, { schema?: Json }> }
  >;
}

/** A CSV body: text whose first line is `columns` (after an optional BOM). */
function csvSchema(columns: readonly string[], description: string, title = ''): Json {
  const header = columns.join(',');
  const first = title ? `${title}\\r?\\n` : '';
  return {
    type: 'string',
    description,
    pattern: `^\\uFEFF?${first}${header}\\r?\\n`,
    example: `${title ? `${title}\r\n` : ''}${header}\r\n`,
  };
}

const binary = (type: string): Json => ({ type: 'string', contentMediaType: type });

const RETRY_AFTER = {
  'Retry-After': {
    description: 'Seconds to wait before trying again',
    schema: { type: 'integer', minimum: 0 },
  },
};

function errorEntry(operation: Operation, status: string) {
  // Every error answer carries the same envelope: reuse the schema of one the route declared.
  const envelope = Object.entries(operation.responses).find(([s]) => Number(s) >= 400)?.[1];
  return {
    description: ERROR_DESCRIPTIONS[status] ?? 'Error',
    content: envelope?.content ?? {},
  };
}

function addDownloads(key: string, operation: Operation) {
  const ok = operation.responses['200'];
  if (!ok) return;
  const json = ok.content?.['application/json']?.schema;
  const jsonOnly = (schema: Json | undefined) => {
    const branches = schema?.anyOf;
    return Array.isArray(branches) ? branches[0] : schema;
  };
  if (key === 'GET /api/travelers/export') {
    ok.content = {
      'text/csv': {
        schema: csvSchema(
          TRAVELER_CSV_COLUMNS,
          'UTF-8 with a BOM, one line per traveller, newest entry first',
        ),
      },
    };
  } else if (key === 'GET /api/audit') {
    ok.content = {
      'application/json': { schema: jsonOnly(json) ?? {} },
      'text/csv': { schema: csvSchema(AUDIT_CSV_HEADER, 'format=csv: UTF-8 with a BOM, one line per entry') },
    };
  } else if (key.startsWith('GET /api/reports/')) {
    ok.content = {
      'application/json': { schema: jsonOnly(json) ?? {} },
      'text/csv': {
        schema: csvSchema(
          REPORT_CSV_FIRST_HEADER,
          'format=csv: UTF-8 with a BOM; sections (a `# name` line, a header row, rows), Summary first; every row starts with its post (code; `*` for the roll-up of several posts, followed by each post)',
          '# Summary',
        ),
      },
      [XLSX_TYPE]: { schema: binary(XLSX_TYPE) },
    };
  } else if (key === 'GET /api/travelers/{id}/personal-data') {
    ok.content = {
      'application/json': { schema: jsonOnly(json) ?? {} },
      'text/html': {
        schema: {
          type: 'string',
          description: 'format=html: a readable page of the same data, UTF-8 (no script, no style)',
        },
      },
    };
  } else if (key === 'POST /api/travelers/bulk-import') {
    ok.content = {
      'application/json': { schema: jsonOnly(json) ?? {} },
      'application/x-ndjson': {
        schema: {
          type: 'string',
          description: 'With Accept: application/x-ndjson: one JSON progress line each',
        },
      },
    };
  }
}

function addBodies(key: string, operation: Operation) {
  if (key === 'POST /api/files') {
    operation.requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['file', 'file_type'],
            properties: {
              file: {
                type: 'string',
                contentMediaType: 'application/octet-stream',
                description: `One of ${Object.values(FILE_KIND_MIME_TYPES).join(', ')}`,
              },
              file_type: { type: 'string', enum: [...UPLOAD_FILE_TYPES] },
              id: {
                type: 'string',
                format: 'uuid',
                description: 'The id the device made (a retry sends it again)',
              },
            },
          },
          encoding: { file: { contentType: Object.values(FILE_KIND_MIME_TYPES).join(', ') } },
        },
      },
    };
  } else if (key === 'POST /api/travelers/bulk-import') {
    const writable = TRAVELER_CSV_COLUMNS.filter((c) => c !== 'id' && c !== 'status');
    operation.requestBody = {
      required: true,
      content: {
        'text/csv': {
          schema: {
            type: 'string',
            description:
              'A header row naming the columns (fullName, passportNo, nationality and entryDate at least; ' +
              `the others among ${writable.join(', ')}), then one traveller per line`,
            pattern: `^\\uFEFF?${IMPORT_REQUIRED_COLUMNS.map((c) => `(?=[^\\r\\n]*\\b${c}\\b)`).join('')}`,
            example: 'fullName,passportNo,nationality,entryDate\r\nNguyen Van A,B1234567,VN,2026-01-15\r\n',
          },
        },
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['file'],
            properties: { file: { type: 'string', contentMediaType: 'text/csv' } },
          },
        },
      },
    };
  }
}

/** Completes the generated document (see the file's comment); the paths are changed in place. */
export function completeDocument<D extends { paths?: object }>(doc: D): D {
  for (const [path, methods] of Object.entries(doc.paths ?? {})) {
    const operations: Record<string, Operation> = methods ?? {};
    for (const [method, operation] of Object.entries(operations)) {
      const key = `${method.toUpperCase()} ${path}`;
      const [operationId, summary, okDescription] = OPERATIONS[key] ?? [];
      operation.operationId ??= operationId;
      operation.summary ??= summary;
      const rules = RULES_IN_WORDS[key];
      if (rules)
        operation.description = operation.description ? `${operation.description}\n\n${rules}` : rules;
      if (PUBLIC.has(key)) operation.security = [];
      else if (COOKIE[key]) operation.security = COOKIE[key];
      addDownloads(key, operation);
      addBodies(key, operation);
      const params = operation.parameters ?? [];
      const statuses = ['429', '500'];
      if (params.length || operation.requestBody) statuses.push('400');
      if (params.some((p) => p.in === 'path')) statuses.push('414');
      if (operation.requestBody) statuses.push('413', '415');
      for (const status of statuses) operation.responses[status] ??= errorEntry(operation, status);
      const tooMany = operation.responses['429'];
      if (tooMany) tooMany.headers ??= RETRY_AFTER;
      for (const [status, answer] of Object.entries(operation.responses)) {
        if (answer.description && answer.description !== 'Default Response') continue;
        answer.description =
          Number(status) < 400 ? (okDescription ?? 'OK') : (ERROR_DESCRIPTIONS[status] ?? 'Error');
      }
    }
  }
  pruneUnusedSchemas(doc);
  return doc;
}

/**
 * The zod registry yields an input and an output form of every named schema; the forms no
 * operation refers to (directly or through another schema) are dropped.
 */
function pruneUnusedSchemas(doc: { paths?: object; components?: { schemas?: Record<string, unknown> } }) {
  const schemas = doc.components?.schemas;
  if (!schemas) return;
  const refsIn = (value: unknown) =>
    new Set([...JSON.stringify(value ?? {}).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]));
  const used = refsIn(doc.paths);
  const queue = [...used];
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    for (const ref of refsIn(schemas[name])) {
      if (ref && !used.has(ref)) {
        used.add(ref);
        queue.push(ref);
      }
    }
  }
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
}
