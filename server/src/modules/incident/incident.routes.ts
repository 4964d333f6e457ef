import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  HEADERS,
  INCIDENT_ATTACHMENT_TYPES,
  INCIDENT_MODULES,
  idParamsSchema,
  incident,
  incidentAttachmentQuerySchema,
  incidentAttachmentSchema,
  incidentModuleQuerySchema,
  incidentType,
  type IncidentAttachment,
} from '@strazce/contract';
import type { Db } from '../../db/database';
import { auditRecord } from '../../platform/audit';
import { crudRoutes } from '../../platform/crud';
import { notFound } from '../../platform/errors';
import { currentSiteId, sessionOf } from '../../platform/guard';
import { registerRefTarget } from '../../platform/refs';
import { users } from '../../platform/platform.tables';
import { MULTIPART_OPTIONS } from '../files/files.routes';
import { files } from '../files/files.tables';
import {
  guardIncidentModule,
  incidentHooks,
  incidentModuleOf,
  incidentTypeHooks,
  setResolved,
} from './incident.service';
import { incidentAttachments, incidents, incidentTypes } from './incident.tables';
import { NO_BODY } from '../../platform/requestBody';

registerRefTarget('incident/type', { table: incidentTypes, label: (t) => sql`${t.name}`, scope: 'site' });

const ATTACHMENT_TYPES = new Set<string>(INCIDENT_ATTACHMENT_TYPES);
const moduleBody = { module: z.enum(INCIDENT_MODULES).optional() };

const attachmentColumns = {
  id: incidentAttachments.id,
  incident: incidentAttachments.incidentId,
  name: files.name,
  type: files.type,
  size: files.size,
  createdAt: incidentAttachments.createdAt,
  userId: users.id,
  userName: users.userName,
};
type AttachmentRow = {
  [K in keyof typeof attachmentColumns]: (typeof attachmentColumns)[K]['_']['data'] | null;
};

/** An attachment as the routes answer it (also the patrol terminal's photo upload). */
export async function incidentAttachmentRecord(db: Db, id: number): Promise<IncidentAttachment | null> {
  const [row] = await db
    .select(attachmentColumns)
    .from(incidentAttachments)
    .innerJoin(files, eq(files.id, incidentAttachments.fileId))
    .leftJoin(users, eq(users.id, incidentAttachments.userId))
    .where(eq(incidentAttachments.id, id));
  return row ? toAttachment(row) : null;
}

function toAttachment(row: AttachmentRow): IncidentAttachment {
  return {
    id: row.id!,
    incident: row.incident!,
    name: row.name!,
    type: row.type!,
    size: row.size!,
    createdAt: row.createdAt!.toISOString(),
    createdBy: row.userId !== null ? { id: row.userId, label: row.userName ?? '' } : null,
  };
}

/**
 * Incidents of patrols, key management and stock on one set of routes (`/api/incident`, `/api/incident/type`,
 * `/api/incident/attachment`): every call names its module (`?module=`), is guarded by that module's roles and
 * its being enabled on the site (before validation), and sees only that module's records of the current site.
 */
export function registerIncidentRoutes(app: FastifyInstance, db: Db): void {
  app.register(async (scope) => {
    await scope.register(multipart, MULTIPART_OPTIONS);
    scope.addHook('preValidation', guardIncidentModule);
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['incident'];

    crudRoutes(scope, db, {
      entity: incidentType,
      table: incidentTypes,
      hooks: incidentTypeHooks,
      inputExtension: moduleBody,
      rowFilter: (request) => eq(incidentTypes.module, incidentModuleOf(request)),
    });
    const repository = crudRoutes(scope, db, {
      entity: incident,
      table: incidents,
      hooks: incidentHooks,
      inputExtension: moduleBody,
      rowFilter: (request) => eq(incidents.module, incidentModuleOf(request)),
      countLimit: 10_000,
    });

    const record = incident.schemas.record as unknown as z.ZodType<Record<string, unknown>>;
    for (const [action, resolved] of [
      ['resolve', true],
      ['reopen', false],
    ] as const)
      typed.post(
        `/api/incident/:id/${action}`,
        {
          config: { access: { roles: incident.write } },
          schema: {
            body: NO_BODY,
            tags,
            description: resolved
              ? 'Marks an incident resolved (now, by the caller); audited. 404 for another module or site.'
              : 'Reopens a resolved incident (clears the resolved date and user); audited.',
            params: idParamsSchema,
            querystring: incidentModuleQuerySchema,
            response: { 200: record },
          },
        },
        async (request) => {
          const siteId = currentSiteId(request);
          await db.transaction((tx) => setResolved(tx, request, siteId, request.params.id, resolved));
          const filter = eq(incidents.module, incidentModuleOf(request));
          return repository.get(request.params.id, siteId, filter, request);
        },
      );

    /** The incident of the current site and the request's module, else 404. */
    const incidentOf = async (siteId: number, id: number, module: string) => {
      const [row] = await db
        .select({ id: incidents.id })
        .from(incidents)
        .where(
          and(eq(incidents.id, id), eq(incidents.siteId, siteId), eq(incidents.module, module as never)),
        );
      if (!row) throw notFound('Incident');
      return row.id;
    };
    const attachmentOf = async (siteId: number, id: number, module: string) => {
      const [row] = await db
        .select({ id: incidentAttachments.id, fileId: incidentAttachments.fileId, incidentId: incidents.id })
        .from(incidentAttachments)
        .innerJoin(incidents, eq(incidents.id, incidentAttachments.incidentId))
        .where(
          and(
            eq(incidentAttachments.id, id),
            eq(incidentAttachments.siteId, siteId),
            eq(incidents.module, module as never),
          ),
        );
      if (!row) throw notFound('Attachment');
      return row;
    };
    const selectAttachments = () =>
      db
        .select(attachmentColumns)
        .from(incidentAttachments)
        .innerJoin(files, eq(files.id, incidentAttachments.fileId))
        .leftJoin(users, eq(users.id, incidentAttachments.userId));

    typed.get(
      '/api/incident/attachment',
      {
        config: { access: { roles: incident.read } },
        schema: {
          tags,
          description: 'The attachments of an incident (`?incident=<id>&module=…`), oldest first.',
          querystring: incidentAttachmentQuerySchema,
          response: { 200: z.array(incidentAttachmentSchema) },
        },
      },
      async (request, reply) => {
        const siteId = currentSiteId(request);
        const incidentId = await incidentOf(siteId, request.query.incident, request.query.module);
        const rows = await selectAttachments()
          .where(and(eq(incidentAttachments.siteId, siteId), eq(incidentAttachments.incidentId, incidentId)))
          .orderBy(asc(incidentAttachments.id));
        reply.header(HEADERS.totalCount, String(rows.length));
        return rows.map(toAttachment);
      },
    );

    typed.post(
      '/api/incident/attachment',
      {
        config: { upload: true, access: { roles: incident.write } },
        schema: {
          tags,
          description:
            'Attaches a file to an incident (`?incident=<id>&module=…`; multipart/form-data, field `file`): ' +
            `${INCIDENT_ATTACHMENT_TYPES.join(', ')} by its content, at most the site's FILE_MAX_SIZE_MB; a ` +
            'stored file of the site and module. 415 FILE_TYPE_MISMATCH / FILE_TYPE_REFUSED, 413 PAYLOAD_TOO_LARGE.',
          consumes: ['multipart/form-data'],
          querystring: incidentAttachmentQuerySchema,
          response: { 201: incidentAttachmentSchema },
        },
      },
      async (request, reply) => {
        const siteId = currentSiteId(request);
        const module = incidentModuleOf(request);
        const incidentId = await incidentOf(siteId, request.query.incident, module);
        const userId = sessionOf(request).userId;
        const { result: attachmentId } = await app.files.receive(request, {
          siteId,
          module,
          accept: (type) => ATTACHMENT_TYPES.has(type),
          then: async (tx, file) => {
            const [attachment] = await tx
              .insert(incidentAttachments)
              .values({ siteId, incidentId, fileId: file.id, userId, createdAt: new Date(app.clock.now()) })
              .returning({ id: incidentAttachments.id });
            auditRecord(request, {
              entity: 'incident/attachment',
              recordId: attachment.id,
              siteId,
              changes: {
                incident: { to: incidentId },
                file: { to: { id: file.id, name: file.name, type: file.type, size: file.size } },
              },
            });
            return attachment.id;
          },
        });
        const [row] = await selectAttachments().where(eq(incidentAttachments.id, attachmentId!));
        return reply.status(201).send(toAttachment(row));
      },
    );

    typed.get(
      '/api/incident/attachment/:id/data',
      {
        config: { access: { roles: incident.read } },
        schema: {
          tags,
          description: "The attachment's content (its sniffed type, no-store, nosniff).",
          params: idParamsSchema,
          querystring: incidentModuleQuerySchema,
        },
      },
      async (request, reply) => {
        const row = await attachmentOf(currentSiteId(request), request.params.id, request.query.module);
        return app.files.send(reply, row.fileId);
      },
    );

    typed.delete(
      '/api/incident/attachment/:id',
      {
        config: { access: { roles: incident.write } },
        schema: {
          body: NO_BODY,
          tags,
          description: 'Removes an attachment with its stored file.',
          params: idParamsSchema,
          querystring: incidentModuleQuerySchema,
        },
      },
      async (request, reply) => {
        const siteId = currentSiteId(request);
        const row = await attachmentOf(siteId, request.params.id, request.query.module);
        auditRecord(request, {
          entity: 'incident/attachment',
          recordId: row.id,
          siteId,
          changes: { incident: { from: row.incidentId }, file: { from: row.fileId } },
        });
        const storageKey = await db.transaction((tx) => app.files.deleteRow(tx, row.fileId));
        if (!storageKey) throw notFound('Attachment');
        await app.files.removeContent(storageKey);
        return reply.status(204).send();
      },
    );
  });
}
