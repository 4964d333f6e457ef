import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  INCIDENT_ATTACHMENT_TYPES,
  PATROL_INCIDENT_OBJECT_CLASS,
  idParamsSchema,
  incident,
  incidentAttachmentSchema,
  patrolAttachmentQuerySchema,
  patrolInstance,
  patrolScanSchema,
  patrolSubmitResponseSchema,
  patrolSubmitSchema,
  patrolTaskDoneSchema,
  patrolTerminalIncidentTypesSchema,
  type PatrolScan,
  type PatrolSubmitResponse,
  type PatrolTaskDone,
} from '@strazce/contract';
import type { Db } from '../../db/database';
import { auditRecord } from '../../platform/audit';
import { crudRepository, crudRoutes, sendJson } from '../../platform/crud';
import { AppError, notFound } from '../../platform/errors';
import { currentSiteId, sessionOf, terminalAccess } from '../../platform/guard';
import { terminalOf } from '../../platform/terminal';
import { MULTIPART_OPTIONS } from '../files/files.routes';
import { incidentAttachmentRecord } from '../incident/incident.routes';
import { incidentAttachments, incidents, incidentTypes } from '../incident/incident.tables';
import {
  patrolCheckpoints,
  patrolInstances,
  patrolScans,
  patrolTasksDone,
  patrolTerminalEvents,
} from './patrol.tables';
import { applyEvent, clockSkewOf, finishPatrol } from './patrolInstance.service';
import { NO_BODY } from '../../platform/requestBody';

const MODULE = 'MOD_PATROL' as const;
/** The photos of the patrol terminal's incidents: images only. */
const PHOTO_TYPES = new Set<string>(INCIDENT_ATTACHMENT_TYPES.filter((type) => type.startsWith('image/')));

/** Thrown inside the upload's transaction when the event has its photo already: the upload is undone. */
class AlreadyAttached extends Error {}

/**
 * Patrols in progress and the archive (`/api/patrol/instance`, read-only CRUD, the finish by an administrator,
 * its scans, tasks and incidents) and the patrol terminal's routes (submit, attachment, incident types). See
 * docs/patrol.md.
 */
export function registerPatrolInstanceRoutes(app: FastifyInstance, db: Db): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['patrol'];
  const readAccess = { roles: patrolInstance.read, module: MODULE };

  const instances = crudRoutes(app, db, {
    entity: patrolInstance,
    table: patrolInstances,
    omit: ['create', 'update', 'delete'],
    // The archive grows by every round of every guard: beyond this many the total is an estimate.
    countLimit: 10_000,
  });
  // The incidents of a patrol, as the incident routes answer them (`/api/incident?module=MOD_PATROL`).
  const patrolIncidents = crudRepository(
    db,
    { entity: incident, table: incidents },
    app.sessionCache,
    app.clock,
  );

  /** The current site's patrol, else 404. */
  async function instanceOf(siteId: number, id: number) {
    const [row] = await db
      .select()
      .from(patrolInstances)
      .where(and(eq(patrolInstances.id, id), eq(patrolInstances.siteId, siteId)));
    if (!row) throw notFound('Patrol');
    return row;
  }

  typed.post(
    '/api/patrol/instance/:id/finish',
    {
      config: { access: { roles: ['PATROL_ADMIN'], module: MODULE } },
      schema: {
        body: NO_BODY,
        tags,
        description:
          'Finishes a patrol in progress now (the caller as `finishedBy`): its integrity and score; audited. ' +
          '409 PATROL_FINISHED when it is finished already; 404 for another site’s.',
        params: idParamsSchema,
        response: { 200: patrolInstance.schemas.record as unknown as z.ZodType<Record<string, unknown>> },
      },
    },
    async (request) => {
      const siteId = currentSiteId(request);
      const id = request.params.id;
      const now = new Date(app.clock.now());
      await db.transaction(async (tx) => {
        const [instance] = await tx
          .select()
          .from(patrolInstances)
          .where(and(eq(patrolInstances.id, id), eq(patrolInstances.siteId, siteId)))
          .for('update');
        if (!instance) throw notFound('Patrol');
        if (!instance.inProgress) throw new AppError('PATROL_FINISHED', 'The patrol is finished already');
        const userId = sessionOf(request).userId;
        const result = await finishPatrol(tx, instance, { finished: now, finishedById: userId, now });
        auditRecord(request, {
          entity: patrolInstance.resource,
          recordId: id,
          siteId,
          changes: {
            inProgress: { from: true, to: false },
            finished: { from: null, to: now.toISOString() },
            finishedBy: { from: null, to: userId },
            score: { from: null, to: result.score },
          },
        });
      });
      return instances.get(id, siteId, undefined, request);
    },
  );

  typed.get(
    '/api/patrol/instance/:id/checkpoint',
    {
      config: { access: readAccess },
      schema: {
        tags,
        description:
          'The scans of a patrol in the order of their time, with the flags of those that cost points.',
        params: idParamsSchema,
        response: { 200: z.array(patrolScanSchema) },
      },
    },
    async (request): Promise<PatrolScan[]> => {
      const instance = await instanceOf(currentSiteId(request), request.params.id);
      const rows = await db
        .select({ scan: patrolScans, name: patrolCheckpoints.name })
        .from(patrolScans)
        .leftJoin(patrolCheckpoints, eq(patrolCheckpoints.id, patrolScans.checkpointId))
        .where(eq(patrolScans.instanceId, instance.id))
        .orderBy(asc(patrolScans.time), asc(patrolScans.id));
      // A checkpoint of the plan by its name at the patrol's start.
      const planned = new Map(instance.plan.map((checkpoint) => [checkpoint.id, checkpoint.name]));
      return rows.map(({ scan, name }) => ({
        id: scan.id,
        checkpoint:
          scan.checkpointId === null
            ? null
            : { id: scan.checkpointId, name: planned.get(scan.checkpointId) ?? name ?? '' },
        tagId: scan.tagId,
        method: scan.method,
        time: scan.time.toISOString(),
        receivedAt: scan.receivedAt.toISOString(),
        routePosition: scan.routePosition,
        outOfOrder: scan.outOfOrder,
        duplicate: scan.duplicate,
        tooFast: scan.tooFast,
      }));
    },
  );

  typed.get(
    '/api/patrol/instance/:id/task',
    {
      config: { access: readAccess },
      schema: {
        tags,
        description:
          'Every task of the patrol’s route (as at its start), with the time the guard confirmed it.',
        params: idParamsSchema,
        response: { 200: z.array(patrolTaskDoneSchema) },
      },
    },
    async (request): Promise<PatrolTaskDone[]> => {
      const instance = await instanceOf(currentSiteId(request), request.params.id);
      const done = await db
        .select({ index: patrolTasksDone.index, time: patrolTasksDone.time })
        .from(patrolTasksDone)
        .where(eq(patrolTasksDone.instanceId, instance.id));
      const timeOf = new Map(done.map((row) => [row.index, row.time.toISOString()]));
      return instance.tasks.map((text, index) => ({ index, text, time: timeOf.get(index) ?? null }));
    },
  );

  typed.get(
    '/api/patrol/instance/:id/incident',
    {
      config: { access: readAccess },
      schema: {
        tags,
        description: 'The incidents raised on a patrol (MOD_PATROL incident records), oldest first.',
        params: idParamsSchema,
        response: { 200: z.array(incident.schemas.record as unknown as z.ZodType<Record<string, unknown>>) },
      },
    },
    async (request, reply) => {
      const siteId = currentSiteId(request);
      const instance = await instanceOf(siteId, request.params.id);
      const { json } = await patrolIncidents.listJson(
        { page: 1, size: 1000, sort: { field: 'createdDate', direction: 'asc' }, filters: {} },
        siteId,
        and(
          eq(incidents.module, MODULE),
          eq(incidents.objectClass, PATROL_INCIDENT_OBJECT_CLASS),
          eq(incidents.objectId, String(instance.id)),
        ),
        request,
      );
      return sendJson(reply, json);
    },
  );

  typed.post(
    '/api/patrol/terminal/submit',
    {
      // A start's sign-in proof is a secret: masked in the audit's copy of the body.
      config: { access: terminalAccess('PATROL_TERMINAL', MODULE), auditSecrets: ['signIn'] },
      schema: {
        tags,
        description:
          'The patrol terminal submits what happened on its rounds (the terminal token only): events applied in ' +
          'order, each on its own; an event id stored before is a duplicate answered as it was. A start needs the ' +
          'guard’s sign-in proof of this terminal (`signIn`), else it is rejected with PATROL_SIGNIN_REQUIRED. A ' +
          'device clock more than a minute from the server’s costs the patrols it touches CLOCK_SKEW; event ' +
          'times after the receipt or before the sign-in or the offline window cost TIME_FUTURE / TIME_BACKDATED.',
        body: patrolSubmitSchema,
        response: { 200: patrolSubmitResponseSchema },
      },
    },
    async (request): Promise<PatrolSubmitResponse> => {
      const terminal = terminalOf(request);
      const now = new Date(app.clock.now());
      const skew = clockSkewOf(new Date(request.body.sentAt), now);
      const results = await db.transaction(async (transaction) => {
        const ctx = { tx: transaction, terminal, now, skew };
        const answered: PatrolSubmitResponse['results'] = [];
        for (const event of request.body.events) answered.push(await applyEvent(ctx, event));
        const touched = answered.find((result) => result.instance !== null);
        auditRecord(request, {
          entity: patrolInstance.resource,
          recordId: touched?.instance ?? null,
          siteId: terminal.siteId,
        });
        return answered;
      });
      return { results };
    },
  );

  const attachment = async (id: number) => (await incidentAttachmentRecord(db, id))!;

  app.register(async (scope) => {
    await scope.register(multipart, MULTIPART_OPTIONS);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/patrol/terminal/attachment',
      {
        config: { upload: true, access: terminalAccess('PATROL_TERMINAL', MODULE) },
        schema: {
          tags,
          description:
            'The photo of an incident the terminal raised (`?event=<the incident event’s id>`; multipart, part ' +
            '`file`, an image; the terminal token only). Sent again for the same event: the stored one (200). ' +
            '404 when the event is no incident event of this terminal.',
          consumes: ['multipart/form-data'],
          querystring: patrolAttachmentQuerySchema,
          response: { 200: incidentAttachmentSchema, 201: incidentAttachmentSchema },
        },
      },
      async (request, reply) => {
        const terminal = terminalOf(request);
        const eventOf = (tx: Db) =>
          tx
            .select({
              id: patrolTerminalEvents.id,
              incidentId: patrolTerminalEvents.incidentId,
              attachmentId: patrolTerminalEvents.attachmentId,
            })
            .from(patrolTerminalEvents)
            .where(
              and(
                eq(patrolTerminalEvents.clientId, terminal.clientId),
                eq(patrolTerminalEvents.eventId, request.query.event),
              ),
            );
        const [event] = await eventOf(db);
        if (!event?.incidentId) throw notFound('Incident event');
        if (event.attachmentId) return reply.status(200).send(await attachment(event.attachmentId));
        const incidentId = event.incidentId;
        try {
          const { result } = await app.files.receive(request, {
            siteId: terminal.siteId,
            module: MODULE,
            accept: (type) => PHOTO_TYPES.has(type),
            then: async (tx, file) => {
              const [locked] = await eventOf(tx).for('update');
              if (locked.attachmentId) throw new AlreadyAttached();
              const [created] = await tx
                .insert(incidentAttachments)
                .values({
                  siteId: terminal.siteId,
                  incidentId,
                  fileId: file.id,
                  userId: null,
                  createdAt: new Date(app.clock.now()),
                })
                .returning({ id: incidentAttachments.id });
              await tx
                .update(patrolTerminalEvents)
                .set({ attachmentId: created.id })
                .where(eq(patrolTerminalEvents.id, locked.id));
              auditRecord(request, {
                entity: 'incident/attachment',
                recordId: created.id,
                siteId: terminal.siteId,
                changes: {
                  incident: { to: incidentId },
                  file: { to: { id: file.id, name: file.name, type: file.type, size: file.size } },
                },
              });
              return created.id;
            },
          });
          return reply.status(201).send(await attachment(result!));
        } catch (error) {
          if (!(error instanceof AlreadyAttached)) throw error;
          const [stored] = await eventOf(db);
          return reply.status(200).send(await attachment(stored.attachmentId!));
        }
      },
    );
  });

  typed.get(
    '/api/patrol/terminal/incidenttype',
    {
      config: { access: terminalAccess('PATROL_TERMINAL', MODULE) },
      schema: {
        tags,
        description:
          'The valid patrol incident types of the terminal’s site, by name (the terminal token only).',
        response: { 200: patrolTerminalIncidentTypesSchema },
      },
    },
    async (request) =>
      db
        .select({ id: incidentTypes.id, name: incidentTypes.name })
        .from(incidentTypes)
        .where(
          and(
            eq(incidentTypes.siteId, terminalOf(request).siteId),
            eq(incidentTypes.module, MODULE),
            eq(incidentTypes.valid, true),
          ),
        )
        .orderBy(asc(incidentTypes.name), asc(incidentTypes.id)),
  );
}
