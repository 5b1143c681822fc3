/**
 * The traveller lifecycle over REST: the timeline of a traveller, and a new event (status change,
 * test result, note). A new event goes through the same applyMutations path as a synced one, so
 * the lifecycle check (lifecycle/effects.ts), the status it moves, its audit row and change_seq are
 * identical; a status change the lifecycle table forbids is 422 with the reason in the language of the
 * request's Accept-Language (its key stays in details[].code).
 */
import {
  formatMessage,
  type Locale,
  type PushResult,
  requestLocale,
  travelerEventCreateSchema,
  travelerEventListSchema,
  travelerEventResultSchema,
  travelerEventSchema,
  travelerIdParamsSchema,
  travelerSchema,
} from '@bh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, conflict, forbidden, notFound, validationError } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/responses.ts';
import { userOf } from '../../plugins/auth-guard.ts';
import { BEARER } from '../../plugins/openapi.ts';
import { applyMutations } from '../../write-path/apply.ts';
import { requireTravelerAccess } from '../../write-path/post-scope.ts';
import { fetchRecord } from '../../write-path/records.ts';
import { WRITABLE_TABLES } from '../../write-path/tables.ts';
import { timelineOf } from './timeline.ts';

const tags = ['lifecycle'];
const security = BEARER;

/**
 * The REST error of a refused event: a lifecycle rule is 422, a missing traveller 404, a second
 * consent 409.
 */
function refusal(result: PushResult, locale: Locale): never {
  const errors = result.errors ?? [];
  if (errors.some((e) => e.code === 'forbidden')) throw forbidden();
  if (errors.some((e) => e.code === 'lifecycle.errors.travelerNotFound')) throw notFound();
  // A traveller's consent is recorded once (lifecycle/effects.ts): a second one is a conflict.
  const recorded = errors.find((e) => e.code === 'privacy.errors.consentRecorded');
  if (recorded) throw new AppError('conflict', formatMessage(recorded.code, locale), [recorded]);
  const rule = errors.find((e) => e.code.startsWith('lifecycle.errors.'));
  if (rule)
    throw new AppError('unprocessable', formatMessage(rule.code, locale), [
      { field: 'toStatus', code: rule.code },
    ]);
  throw validationError(errors);
}

export const lifecycleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const travelersTable = WRITABLE_TABLES.travelers;
  const eventsTable = WRITABLE_TABLES.travelerEvents;
  if (!travelersTable || !eventsTable) throw new Error('lifecycle: synced tables missing');

  app.get(
    '/api/travelers/:id/events',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary: "A traveller's timeline, oldest first",
        params: travelerIdParamsSchema,
        response: {
          200: travelerEventListSchema,
          ...errorResponses('validation_error', 'unauthorized', 'not_found'),
        },
      },
    },
    async (request) => {
      await requireTravelerAccess(db, userOf(request), request.params.id, 'read');
      const items = await timelineOf(db, request.params.id);
      if (!items) throw notFound();
      return { items };
    },
  );

  app.post(
    '/api/travelers/:id/events',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary:
          'Adds a status change, test result, note or consent to the privacy notice to a traveller (status changes follow the lifecycle; one consent per traveller)',
        params: travelerIdParamsSchema,
        body: travelerEventCreateSchema,
        response: {
          201: travelerEventResultSchema,
          ...errorResponses(
            'validation_error',
            'unauthorized',
            'forbidden',
            'not_found',
            'conflict',
            'unprocessable',
          ),
        },
      },
    },
    async (request, reply) => {
      await requireTravelerAccess(db, userOf(request), request.params.id, 'write');
      const { id: eventId, ...fields } = request.body;
      const [result] = await applyMutations(
        app.ctx.database,
        { user: userOf(request), ip: request.ip, clientId: null },
        [
          {
            seq: 1,
            table: 'travelerEvents',
            op: 'create',
            id: eventId,
            baseVersion: null,
            data: { ...fields, travelerId: request.params.id },
          },
        ],
      );
      if (!result) throw new Error('applyMutations answered no result');
      if (result.status === 'rejected')
        refusal(result, requestLocale(undefined, request.headers['accept-language']));
      if (result.status === 'conflict') throw conflict({ serverRecord: result.serverRecord ?? null });
      const [event, traveler] = await Promise.all([
        fetchRecord(db, eventsTable, eventId),
        fetchRecord(db, travelersTable, request.params.id),
      ]);
      if (!event || !traveler) throw notFound();
      reply.status(201);
      return { event: travelerEventSchema.parse(event), traveler: travelerSchema.parse(traveler) };
    },
  );
};
