/**
 * Retention and the traveller's rights (issue 33 points 6 and 7,
 * docs/decisions/017-retention-and-rights.md):
 * - GET /api/privacy/notice (public): the period and contact the pre-arrival notice shows;
 * - GET/PUT /api/privacy/settings (admins): the retention period in months and the contact;
 * - GET /api/travelers/:id/privacy (readers of its post): legal hold, anonymised, retained until;
 * - PUT /api/travelers/:id/legal-hold (admins, the post's supervisor): set or clear, with a reason;
 * - GET /api/travelers/:id/personal-data (admins): everything held, JSON or HTML;
 * - POST /api/travelers/:id/erase (admins): anonymise now, refused under a legal hold.
 * The retention job: every listening server's timer (a minute after start, then hourly) asks
 * for the hour's turn; the instance that gets it runs the job.
 */
import {
  eraseAnswerSchema,
  eraseRequestSchema,
  legalHoldUpdateSchema,
  personalDataQuerySchema,
  personalDataSchema,
  privacyNoticeSchema,
  privacySettingsSchema,
  privacySettingsUpdateSchema,
  privacyTravelerParamsSchema,
  type TravelerPrivacy,
  travelerPrivacySchema,
} from '@bh/shared';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/responses.ts';
import { userOf } from '../../plugins/auth-guard.ts';
import { bearerTagged } from '../../plugins/openapi.ts';
import { lockWrites } from '../../write-path/apply.ts';
import { writeRequestAudit } from '../audit/audit.ts';
import { readsPost, writesPost } from '../posts/scope.ts';
import { anonymiseTravelers } from './anonymise.ts';
import { collectPersonalData, personalDataHtml } from './personal-data.ts';
import { claimRetentionTurn, retainedUntil, runRetention } from './retention.ts';
import { readPrivacyNotice, readPrivacySettings, savePrivacySettings } from './settings.ts';

const RETENTION_INTERVAL_MS = 60 * 60 * 1000;
const FIRST_RUN_DELAY_MS = 60 * 1000;

const stateRow = z.object({
  post: z.string(),
  holdReason: z.string().nullable(),
  holdAt: z.coerce.date().nullable(),
  holdBy: z.string().nullable(),
  anonymisedAt: z.coerce.date().nullable(),
});

/** The traveller's post and privacy state, or null if there is no such traveller. */
async function readState(db: Db, travelerId: string) {
  const [row] = await queryRows(
    db,
    stateRow,
    sql`SELECT t.entry_post_id::text AS post, p.hold_reason AS "holdReason", p.hold_at AS "holdAt",
        u.name AS "holdBy", p.anonymised_at AS "anonymisedAt"
      FROM travelers t LEFT JOIN traveler_privacy p ON p.traveler_id = t.id
        LEFT JOIN users u ON u.id = p.hold_by
      WHERE t.id = ${travelerId}::uuid`,
  );
  return row ?? null;
}

async function privacyOf(
  db: Db,
  travelerId: string,
  state: z.infer<typeof stateRow>,
): Promise<TravelerPrivacy> {
  const held = state.holdAt !== null && state.holdReason !== null;
  const { retentionMonths } = await readPrivacySettings(db);
  return {
    travelerId,
    legalHold:
      held && state.holdAt
        ? { reason: state.holdReason ?? '', at: state.holdAt.toISOString(), by: state.holdBy }
        : null,
    anonymisedAt: state.anonymisedAt?.toISOString() ?? null,
    retainedUntil: held || state.anonymisedAt ? null : await retainedUntil(db, travelerId, retentionMonths),
  };
}

const htmlPage = z.string().meta({
  description:
    'format=html: text/html; charset=utf-8, a readable page of the same data (no script, no style)',
});

const refused = (code: string) => new AppError('conflict', 'Refused', [{ code }]);

export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.ctx;
  const { db } = database;

  let timer: ReturnType<typeof setInterval> | null = null;
  let first: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<unknown> | null = null;
  const run = () => {
    if (running) return;
    // The instance that claims the hour's turn runs the job (a few seconds early: timers drift).
    running = claimRetentionTurn(db, RETENTION_INTERVAL_MS - 5_000)
      .then((mine) => (mine ? runRetention(database, config.dataDir) : null))
      .then((done) => {
        if (done && done.travelers > 0) app.log.info({ retention: done }, 'retention: travellers anonymised');
      })
      .catch((err: unknown) => app.log.warn({ err }, 'retention run failed'))
      .finally(() => {
        running = null;
      });
  };
  // Only a listening server runs the job (API tests build apps that never listen).
  app.addHook('onListen', async () => {
    first = setTimeout(run, FIRST_RUN_DELAY_MS);
    first.unref();
    timer = setInterval(run, RETENTION_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (first) clearTimeout(first);
    if (timer) clearInterval(timer);
    await running;
  });

  app.get(
    '/api/privacy/notice',
    {
      schema: {
        tags: ['privacy'],
        response: { 200: privacyNoticeSchema },
      },
    },
    async () => readPrivacyNotice(db),
  );

  app.get(
    '/api/privacy/settings',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        ...bearerTagged('privacy'),
        response: { 200: privacySettingsSchema, ...errorResponses('unauthorized', 'forbidden') },
      },
    },
    async () => readPrivacySettings(db),
  );

  app.put(
    '/api/privacy/settings',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        ...bearerTagged('privacy'),
        body: privacySettingsUpdateSchema,
        response: {
          200: privacySettingsSchema,
          ...errorResponses('unauthorized', 'forbidden', 'validation_error', 'conflict'),
        },
      },
    },
    async (request) => savePrivacySettings(db, { userId: userOf(request).id, ip: request.ip }, request.body),
  );

  /** The traveller's state if the caller reads its post (else 404). */
  const stateFor = async (request: FastifyRequest, id: string) => {
    const state = await readState(db, id);
    if (!state || !readsPost(userOf(request).scope, state.post)) throw notFound();
    return state;
  };

  app.get(
    '/api/travelers/:id/privacy',
    {
      onRequest: app.requireAuth,
      schema: {
        ...bearerTagged('privacy'),
        params: privacyTravelerParamsSchema,
        response: {
          200: travelerPrivacySchema,
          ...errorResponses('unauthorized', 'validation_error', 'not_found'),
        },
      },
    },
    async (request) => {
      const state = await stateFor(request, request.params.id);
      return privacyOf(db, request.params.id, state);
    },
  );

  app.put(
    '/api/travelers/:id/legal-hold',
    {
      onRequest: app.requireAuth,
      schema: {
        ...bearerTagged('privacy'),
        params: privacyTravelerParamsSchema,
        body: legalHoldUpdateSchema,
        response: {
          200: travelerPrivacySchema,
          ...errorResponses('unauthorized', 'forbidden', 'validation_error', 'not_found', 'conflict'),
        },
      },
    },
    async (request) => {
      const user = userOf(request);
      const { id } = request.params;
      const { hold, reason } = request.body;
      const state = await stateFor(request, id);
      const supervisor = user.scope.role === 'supervisor' && writesPost(user.scope, state.post);
      if (user.role !== 'admin' && !supervisor) throw forbidden();
      await db.transaction(async (tx) => {
        // Under the write lock: an erasure or the job cannot slip between the check and the hold.
        await lockWrites(tx);
        const [now] = await queryRows(
          tx,
          z.object({ held: z.boolean(), anonymised: z.boolean() }),
          sql`SELECT p.hold_at IS NOT NULL AS held, p.anonymised_at IS NOT NULL AS anonymised
            FROM traveler_privacy p WHERE p.traveler_id = ${id}::uuid`,
        );
        const held = now?.held ?? false;
        if (hold && held) throw refused('privacy.errors.alreadyHeld');
        if (!hold && !held) throw refused('privacy.errors.notHeld');
        if (hold && now?.anonymised) throw refused('privacy.errors.anonymised');
        if (hold) {
          await tx.execute(sql`INSERT INTO traveler_privacy (traveler_id, hold_reason, hold_at, hold_by)
            VALUES (${id}::uuid, ${reason}, now(), ${user.id}::uuid)
            ON CONFLICT (traveler_id) DO UPDATE SET hold_reason = excluded.hold_reason,
              hold_at = excluded.hold_at, hold_by = excluded.hold_by`);
        } else {
          await tx.execute(sql`UPDATE traveler_privacy SET hold_reason = NULL, hold_at = NULL, hold_by = NULL
            WHERE traveler_id = ${id}::uuid`);
        }
        await writeRequestAudit(tx, request, {
          action: hold ? 'traveler.legal_hold.set' : 'traveler.legal_hold.clear',
          entity: 'traveler',
          entityId: id,
          details: { reason },
        });
      });
      const after = await readState(db, id);
      if (!after) throw notFound();
      return privacyOf(db, id, after);
    },
  );

  app.get(
    '/api/travelers/:id/personal-data',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        ...bearerTagged('privacy'),
        params: privacyTravelerParamsSchema,
        querystring: personalDataQuerySchema,
        response: {
          200: z.union([personalDataSchema, htmlPage]),
          ...errorResponses('unauthorized', 'forbidden', 'validation_error', 'not_found'),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const state = await stateFor(request, id);
      const data = await collectPersonalData(db, id, await privacyOf(db, id, state));
      if (!data) throw notFound();
      await writeRequestAudit(db, request, {
        action: 'traveler.personal_data.export',
        entity: 'traveler',
        entityId: id,
        details: { format: request.query.format },
      });
      const name = `traveller-${id}.${request.query.format}`;
      reply.header('content-disposition', `attachment; filename="${name}"`);
      reply.header('cache-control', 'no-store');
      if (request.query.format === 'html') {
        return reply.type('text/html; charset=utf-8').send(personalDataHtml(data, request.query.lang));
      }
      return data;
    },
  );

  app.post(
    '/api/travelers/:id/erase',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        ...bearerTagged('privacy'),
        params: privacyTravelerParamsSchema,
        body: eraseRequestSchema,
        response: {
          200: eraseAnswerSchema,
          ...errorResponses('unauthorized', 'forbidden', 'validation_error', 'not_found', 'conflict'),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const state = await stateFor(request, id);
      if (state.anonymisedAt) throw refused('privacy.errors.anonymised');
      if (state.holdAt) throw refused('privacy.errors.legalHold');
      const done = await anonymiseTravelers(database, config.dataDir, [id], {
        cause: 'erasure',
        userId: userOf(request).id,
        ip: request.ip,
        reason: request.body.reason,
      });
      // Held or erased by someone else between the check and the write lock.
      if (done.travelerIds.length === 0) {
        const now = await readState(db, id);
        throw refused(now?.holdAt ? 'privacy.errors.legalHold' : 'privacy.errors.anonymised');
      }
      const after = await readState(db, id);
      return {
        travelerId: id,
        anonymisedAt: after?.anonymisedAt?.toISOString() ?? new Date().toISOString(),
        filesDeleted: done.filesDeleted,
      };
    },
  );
};
