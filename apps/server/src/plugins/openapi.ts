/**
 * The OpenAPI 3 document, generated from the routes' zod schemas (GET /api/openapi.json), and
 * a reference UI at /api/docs whose assets are served from node_modules, so it works with no
 * internet. Its CSP allows only this origin, plus inline styles that Swagger UI sets at run time.
 */

import {
  accountRequestSchema,
  adminUserSchema,
  apiErrorSchema,
  auditEntrySchema,
  declarationSchema,
  deletedTravelerSchema,
  fieldIssueSchema,
  fileMetadataSchema,
  notificationViewSchema,
  pullResponseSchema,
  pushResultSchema,
  reportSchema,
  systemStatusAnswerSchema,
  travelerEventSchema,
  travelerImportReportSchema,
  travelerSchema,
  userSchema,
} from '@bh/shared';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REFRESH_COOKIE } from '../modules/auth/sessions.ts';
import { completeDocument } from './openapi-contract.ts';

/** One tag per API module; a route names its module's tag in `schema.tags`. */
export const API_TAGS = [
  { name: 'health', description: 'Liveness and version' },
  { name: 'auth', description: 'Login, sessions, registration requests' },
  { name: 'users', description: 'Accounts and account requests (admins)' },
  { name: 'travelers', description: 'Traveller register, CSV import and export' },
  { name: 'declarations', description: 'Health declarations' },
  { name: 'files', description: 'Certificate uploads' },
  { name: 'sync', description: 'Offline sync: push, pull, records' },
  { name: 'system-status', description: 'System mode' },
  { name: 'notifications', description: 'Notifications' },
  { name: 'config', description: 'Reference lists' },
  { name: 'push', description: 'Push subscriptions' },
  { name: 'pre-arrivals', description: 'Pre-arrival submissions by reference code (no list)' },
  { name: 'lifecycle', description: 'Traveller status lifecycle and timeline' },
  { name: 'reports', description: 'Daily, weekly, monthly and custom reports (JSON, CSV, XLSX)' },
  { name: 'audit', description: 'Audit trail viewer (admins)' },
  { name: 'posts', description: 'Points of entry, who works where, transfers' },
  { name: 'privacy', description: "Retention, legal holds, a traveller's data: export and erasure" },
] as const;

/**
 * Schemas the document names under components.schemas (and refers to by $ref) rather than
 * inlining at every use: the records and answers a client works with. Request bodies stay
 * inline, so each operation's body reads on its own. Registered once per process, keeping
 * whatever metadata a schema already has.
 */
const NAMED_SCHEMAS: [string, z.ZodType][] = [
  ['ApiError', apiErrorSchema],
  ['FieldIssue', fieldIssueSchema],
  ['Traveler', travelerSchema],
  ['DeletedTraveler', deletedTravelerSchema],
  ['TravelerImportReport', travelerImportReportSchema],
  ['HealthDeclaration', declarationSchema],
  ['TravelerEvent', travelerEventSchema],
  ['FileMetadata', fileMetadataSchema],
  ['User', userSchema],
  ['AdminUser', adminUserSchema],
  ['AccountRequest', accountRequestSchema],
  ['Notification', notificationViewSchema],
  ['SystemStatus', systemStatusAnswerSchema],
  ['Report', reportSchema],
  ['AuditEntry', auditEntrySchema],
  ['PushResult', pushResultSchema],
  ['PullResponse', pullResponseSchema],
];
for (const [id, schema] of NAMED_SCHEMAS) {
  const meta = z.globalRegistry.get(schema);
  if (!meta?.id) z.globalRegistry.add(schema, { ...meta, id });
}

/** `security` of a route that needs the bearer access token. */
export const BEARER = [{ bearerAuth: [] }];

/** The document's tag of a route and the bearer token it needs. */
export const bearerTagged = (tag: string) => ({ tags: [tag], security: BEARER });

const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export async function registerOpenApi(app: FastifyInstance, version: string) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Border health entry register API',
        description: 'Travellers, health declarations and offline sync for border health officers.',
        version,
        contact: { name: 'Border health entry register maintainers' },
        license: { name: 'UNLICENSED (private; all rights reserved)', identifier: 'LicenseRef-Proprietary' },
      },
      // Same origin as the web app: a client calls the server it was served from.
      servers: [{ url: '/', description: 'This server' }],
      tags: [...API_TAGS],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          refreshCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: REFRESH_COOKIE,
            description: 'The httpOnly refresh cookie set by login (path /api/auth), rotated on each refresh',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (input) => completeDocument(jsonSchemaTransformObject(input)),
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: DOCS_CSP,
    validatorUrl: false,
    uiConfig: { deepLinking: true },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
