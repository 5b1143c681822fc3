/**
 * What the routes' zod schemas cannot say by themselves, added to the generated OpenAPI
 * document: each operation's id, summary and answer descriptions; who may call it (`security`);
 * the statuses every route can answer before its own code runs (429 from the per-address limit,
 * 414 from an over-long path parameter, 400 from a malformed URL or query, 413/415 where a body is
 * read); the CSV / XLSX / NDJSON media types of the downloads; the multipart and CSV bodies that
 * the upload and import routes read themselves.
 */
import { FILE_KIND_MIME_TYPES, UPLOAD_FILE_TYPES } from '@bh/shared';
import { AUDIT_CSV_HEADER } from '../modules/audit/store.ts';
import { REPORT_CSV_FIRST_HEADER } from '../modules/reports/tables.ts';
import { TRAVELER_CSV_COLUMNS } from '../modules/travelers/csv.ts';

/** The columns an import's header must name (travelers/import.ts refuses a file without one). */
const IMPORT_REQUIRED_COLUMNS = ['fullName', 'passportNo', 'nationality', 'entryDate'];

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** operationId, summary and the description of the success answer, per 'METHOD /path'. */
const OPERATIONS: Record<string, [string, string, string]> = {
  'GET /api/health': ['getHealth', 'Liveness and version', 'The server is up'],
  'POST /api/sync/push': [
    'syncPush',
    'Push a batch of offline mutations',
    'One result per mutation, in order',
  ],
  'GET /api/sync/pull': ['syncPull', 'Pull changes after a cursor', 'One page of changes'],
  'GET /api/sync/records': ['syncRecords', 'Server copies of some records', 'The records found'],
  'GET /api/sync/status': ['syncStatus', 'Sync status of the server', 'Server time, epoch and counts'],
  'POST /api/auth/login': [
    'login',
    'Log in with e-mail and password',
    'An access token; the refresh cookie is set',
  ],
  'POST /api/auth/refresh': [
    'refreshSession',
    'Renew the access token with the refresh cookie',
    'A new access token; the cookie is rotated',
  ],
  'POST /api/auth/logout': [
    'logout',
    'End the session of the refresh cookie',
    'Logged out; the cookie is cleared',
  ],
  'GET /api/auth/profile': ['getProfile', 'The logged-in user', 'The user and their session'],
  'POST /api/auth/register': [
    'register',
    'Request an account',
    'The request is filed (same answer for a known e-mail)',
  ],
  'GET /api/auth/demo': ['getDemoMode', 'Whether demo accounts are enabled', 'The demo flag'],
  'GET /api/users': ['listUsers', 'List user accounts', 'The accounts'],
  'POST /api/users': ['createUser', 'Create a user account', 'The account created'],
  'PUT /api/users/profile': ['updateProfile', 'Update your own profile', 'The updated profile'],
  'POST /api/users/change-password': ['changePassword', 'Change your own password', 'Password changed'],
  'GET /api/users/{id}': ['getUser', 'One user account', 'The account'],
  'PUT /api/users/{id}': ['updateUser', 'Update a user account', 'The updated account'],
  'GET /api/account-requests': ['listAccountRequests', 'List account requests', 'The requests'],
  'POST /api/account-requests/{id}/decision': [
    'decideAccountRequest',
    'Approve or reject an account request',
    'The decided request',
  ],
  'GET /api/travelers': ['listTravelers', 'Search the traveller register', 'One page of travellers'],
  'POST /api/travelers': ['createTraveler', 'Register a traveller', 'The traveller created'],
  'GET /api/travelers/export': ['exportTravelers', 'Export travellers as CSV', 'The CSV file'],
  'GET /api/travelers/{id}': ['getTraveler', 'One traveller', 'The traveller'],
  'PUT /api/travelers/{id}': [
    'updateTraveler',
    'Update a traveller at the version read',
    'The updated traveller',
  ],
  'DELETE /api/travelers/{id}': [
    'deleteTraveler',
    'Delete a traveller (to the trash)',
    'The deletion tombstone',
  ],
  'POST /api/travelers/bulk-import': [
    'importTravelers',
    'Import travellers from CSV',
    'The import report (or its progress lines)',
  ],
  'GET /api/travelers/deleted': ['listDeletedTravelers', 'Travellers in the trash', 'The deleted travellers'],
  'POST /api/travelers/{id}/restore': [
    'restoreTraveler',
    'Restore a deleted traveller',
    'The restored traveller',
  ],
  'GET /api/health-declarations/traveler/{travelerId}': [
    'getTravelerDeclaration',
    "A traveller's live declaration",
    'The declaration',
  ],
  'GET /api/health-declarations/{id}': ['getDeclaration', 'A declaration by id', 'The declaration'],
  'PUT /api/health-declarations/{id}': [
    'updateDeclaration',
    'Replace a declaration at the version read',
    'The updated declaration',
  ],
  'POST /api/health-declarations': [
    'createDeclaration',
    'Declare for a traveller',
    'The declaration created',
  ],
  'POST /api/files': ['uploadFile', 'Upload a certificate', 'The stored file (200: the same upload retried)'],
  'GET /api/files/{id}/metadata': ['getFileMetadata', 'Metadata of an uploaded file', 'The metadata'],
  'GET /api/files/{id}': ['downloadFile', 'Download an uploaded file', 'The stored bytes'],
  'DELETE /api/files/{id}': ['deleteFile', 'Delete an uploaded file', 'Deleted'],
  'GET /api/system-status': ['getSystemStatus', 'The system mode', 'The mode and its schedule'],
  'PUT /api/system-status': ['setSystemStatus', 'Change the system mode', 'The new mode'],
  'GET /api/notifications': ['listNotifications', 'Your notifications', 'The notifications'],
  'DELETE /api/notifications': [
    'clearNotifications',
    'Delete all your notifications',
    'How many were deleted',
  ],
  'PUT /api/notifications/read-all': [
    'readAllNotifications',
    'Mark all notifications read',
    'How many were marked',
  ],
  'PUT /api/notifications/{id}/read': ['readNotification', 'Mark a notification read', 'The notification'],
  'DELETE /api/notifications/{id}': ['deleteNotification', 'Delete a notification', 'Deleted'],
  'GET /api/config/countries': ['listCountries', 'Country list', 'The countries'],
  'GET /api/config/nationalities': ['listNationalities', 'Nationality list', 'The nationalities'],
  'GET /api/config/languages': ['listLanguages', 'Language list', 'The languages'],
  'GET /api/config/currencies': ['listCurrencies', 'Currency list', 'The currencies'],
  'GET /api/config/airports': ['listAirports', 'Airport list', 'The airports'],
  'GET /api/config/flight-suggestions': [
    'listFlightSuggestions',
    'Flight number suggestions',
    'The suggestions',
  ],
  'GET /api/push/public-key': ['getPushPublicKey', 'The Web Push public key', 'The VAPID public key'],
  'GET /api/push-subscriptions': ['listPushSubscriptions', 'Your push subscriptions', 'The subscriptions'],
  'POST /api/push-subscriptions': ['subscribePush', 'Subscribe this device to push', 'The subscription'],
  'DELETE /api/push-subscriptions': [
    'unsubscribePush',
    'Unsubscribe a device from push',
    'Whether one was removed',
  ],
  'POST /api/pre-arrivals': ['submitPreArrival', 'Submit a pre-arrival declaration', 'The reference code'],
  'GET /api/pre-arrivals/{code}': ['getPreArrival', 'A pre-arrival submission by code', 'The submission'],
  'POST /api/pre-arrivals/{code}/used': [
    'usePreArrival',
    'Mark a pre-arrival submission used',
    'The submission',
  ],
  'GET /api/travelers/{id}/events': [
    'listTravelerEvents',
    "A traveller's timeline",
    'The events, oldest first',
  ],
  'POST /api/travelers/{id}/events': [
    'addTravelerEvent',
    'Add a status change, test result or note',
    'The event added',
  ],
  'GET /api/reports/daily': ['dailyReport', 'Report of one day', 'The report (JSON, CSV or XLSX by format=)'],
  'GET /api/reports/weekly': [
    'weeklyReport',
    'Report of one ISO week',
    'The report (JSON, CSV or XLSX by format=)',
  ],
  'GET /api/reports/monthly': [
    'monthlyReport',
    'Report of one month',
    'The report (JSON, CSV or XLSX by format=)',
  ],
  'GET /api/reports/custom': [
    'customReport',
    'Report of a date range',
    'The report (JSON, CSV or XLSX by format=)',
  ],
  'GET /api/audit': [
    'listAuditEvents',
    'Search the audit trail',
    'One page of entries, or all as CSV (format=csv)',
  ],
};

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
          'format=csv: UTF-8 with a BOM; sections (a `# name` line, a header row, rows), Summary first',
          '# Summary',
        ),
      },
      [XLSX_TYPE]: { schema: binary(XLSX_TYPE) },
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
