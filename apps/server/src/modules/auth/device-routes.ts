/**
 * /api/devices: the devices accounts signed in from, and revoking one (issue 33,
 * docs/decisions/015-revoked-devices.md). An officer sees and revokes their own; a supervisor
 * also those of the accounts at the post they work at; an admin every device. A device the caller
 * may not see is a 404, never a 403 that says it exists.
 */
import { deviceKeySchema, deviceListSchema, deviceSchema, idParamsSchema } from '@bh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict, notFound } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/responses.ts';
import { userOf } from '../../plugins/auth-guard.ts';
import { BEARER } from '../../plugins/openapi.ts';
import { writeRequestAudit } from '../audit/audit.ts';
import { currentDevice, deviceRevoked, findVisibleDevice, listDevices } from './devices.ts';
import { releaseDeviceKey } from './key-escrow.ts';
import { revokeDevice } from './sessions.ts';

const tags = ['auth'];

export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.database.db;
  const { escrowSecret } = app.ctx.secrets;

  app.get(
    '/api/devices',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security: BEARER,
        summary: "The caller's devices (a supervisor's post's, an admin's all), last seen first",
        response: { 200: deviceListSchema, ...errorResponses('unauthorized') },
      },
    },
    async (request) => ({ items: await listDevices(db, userOf(request)) }),
  );

  app.delete(
    '/api/devices/:id',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security: BEARER,
        summary: 'Revoke a device: its sessions end at once and its next request answers device_revoked',
        params: idParamsSchema,
        response: { 200: deviceSchema, ...errorResponses('unauthorized', 'validation_error', 'not_found') },
      },
    },
    async (request) => {
      const me = userOf(request);
      const device = await findVisibleDevice(db, me, request.params.id);
      if (!device) throw notFound();
      if (await revokeDevice(db, device.id)) {
        await writeRequestAudit(db, request, {
          action: 'device.revoke',
          entity: 'device',
          entityId: device.id,
          details: { owner: device.userId },
        });
      }
      const items = await listDevices(db, me);
      const answer = items.find((d) => d.id === device.id);
      if (!answer) throw notFound();
      return answer;
    },
  );

  app.post(
    '/api/devices/current/key',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security: BEARER,
        summary:
          "The calling device's data key: made at its first online sign-in, released again while the device is not revoked",
        response: {
          200: deviceKeySchema,
          ...errorResponses('unauthorized', 'device_revoked', 'not_found', 'conflict'),
        },
      },
    },
    async (request, reply) => {
      const me = userOf(request);
      const deviceId = await currentDevice(db, me.sessionId);
      // A session older than devices (0019) has none: the app signs in again to get one.
      if (!deviceId) throw notFound('This session has no device');
      const answer = await releaseDeviceKey(db, escrowSecret, me.id, deviceId);
      if (answer.kind === 'revoked') throw deviceRevoked();
      if (answer.kind === 'unknown') throw notFound('This session has no device');
      if (answer.kind === 'unreadable') throw conflict(undefined, 'The escrowed key cannot be opened');
      reply.header('cache-control', 'no-store');
      return { deviceId, key: answer.key.toString('base64url') };
    },
  );
};
