/**
 * GET /api/system-status (any logged-in user) and PUT /api/system-status (admin: set the mode).
 * The write goes through applyMutations so it bumps version/change_seq, syncs and is audited.
 */
import {
  SYSTEM_STATUS_ID,
  systemStatusAnswerSchema,
  systemStatusQuerySchema,
  systemStatusUpdateSchema,
} from '@bh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, conflict, forbidden, validationError } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/responses.ts';
import { userOf } from '../../plugins/auth-guard.ts';
import { bearerTagged } from '../../plugins/openapi.ts';
import { applyMutations } from '../../write-path/apply.ts';
import { notifyAllUsers } from '../notifications/store.ts';
import { queuePush } from '../push/queue.ts';
import { localToday, readStatusRecord, readSystemStatus } from './store.ts';

export const systemStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app.ctx;

  app.get(
    '/api/system-status',
    {
      onRequest: app.requireAuth,
      schema: {
        ...bearerTagged('system-status'),
        querystring: systemStatusQuerySchema,
        response: { 200: systemStatusAnswerSchema, ...errorResponses('unauthorized', 'validation_error') },
      },
    },
    async (request) => readSystemStatus(database.db, request.query.today ?? localToday(), app.ctx.startedAt),
  );

  app.put(
    '/api/system-status',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        ...bearerTagged('system-status'),
        body: systemStatusUpdateSchema,
        response: {
          200: systemStatusAnswerSchema,
          ...errorResponses('unauthorized', 'forbidden', 'validation_error', 'conflict', 'not_found'),
        },
      },
    },
    async (request) => {
      const current = await readStatusRecord(database.db);
      const { mode, statusText, quarantineDays, offlineLockDays, version } = request.body;
      const [result] = await applyMutations(
        database,
        { user: userOf(request), ip: request.ip, clientId: null },
        [
          {
            seq: 1,
            table: 'systemStatus',
            op: 'update',
            id: SYSTEM_STATUS_ID,
            baseVersion: version ?? current.version,
            // An omitted status text, quarantine length or lock period keeps the current one
            // (the update writes every column).
            data: {
              mode,
              statusText: statusText ?? current.statusText,
              quarantineDays: quarantineDays ?? current.quarantineDays,
              offlineLockDays: offlineLockDays ?? current.offlineLockDays,
            },
          },
        ],
      );
      if (!result) throw new AppError('server_error', 'Server error, please try again later');
      if (result.status === 'conflict') throw conflict({ serverRecord: result.serverRecord });
      if (result.status === 'rejected') {
        if (result.errors?.some((e) => e.code === 'forbidden')) throw forbidden();
        throw validationError(result.errors);
      }
      if (mode !== current.mode) {
        await notifyAllUsers(database.db, {
          type: 'warning',
          priority: 'high',
          title: 'notifications.modeChanged.title',
          message: 'notifications.modeChanged.message',
          params: { mode },
        });
        // Everyone, even with the app closed: an emergency must reach officers at once.
        await queuePush(
          database.db,
          { all: true },
          { type: 'mode-changed', titleKey: 'modeChanged', params: { mode }, url: '/' },
          { urgency: 'high' },
        );
      }
      return readSystemStatus(database.db, localToday(), app.ctx.startedAt);
    },
  );
};
