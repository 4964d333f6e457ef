import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { INCIDENT_ACCESS, INCIDENT_MODULES, splitEmails, type IncidentModule } from '@strazce/contract';
import type { Db } from '../../db/database';
import { auditRecord } from '../../platform/audit';
import type { CrudContext, CrudHooks, Row } from '../../platform/crud';
import { AppError, forbidden, notFound, validationError } from '../../platform/errors';
import { sessionOf } from '../../platform/guard';
import { formatSiteDateTime, siteTimeZone } from '../../platform/siteTime';
import { users, sites } from '../../platform/platform.tables';
import { queueEmail } from '../messaging/outbox';
import { incidentAttachments, incidents, incidentTypes } from './incident.tables';

const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD']);
const chosen = new WeakMap<FastifyRequest, IncidentModule>();

const isIncidentModule = (value: unknown): value is IncidentModule =>
  typeof value === 'string' && (INCIDENT_MODULES as readonly string[]).includes(value);

/**
 * The incident routes' own guard, after the app's (a session holding some incident role) and before the
 * request is validated: the module the call names (`?module=`, on create also the body's `module`) must be
 * enabled on the current site and the caller must hold that module's read role (GET) or write role.
 */
export async function guardIncidentModule(request: FastifyRequest): Promise<void> {
  const session = sessionOf(request);
  const query = (request.query ?? {}) as Record<string, unknown>;
  const body = request.body;
  const fromBody =
    body && typeof body === 'object' && !Array.isArray(body)
      ? (body as Record<string, unknown>).module
      : undefined;
  const named = [query.module, fromBody].filter((value) => value !== undefined);
  if (named.length === 0) throw validationError('module', 'validation.required');
  if (!named.every(isIncidentModule)) throw validationError('module', 'validation.enum');
  const kind = READ_METHODS.has(request.method) ? 'read' : 'write';
  // Every module the call names is checked, so that a body cannot name a module the query's holder lacks.
  for (const module of new Set(named)) {
    if (!INCIDENT_ACCESS[module][kind].some((role) => session.roles.includes(role)))
      throw forbidden(`Role not allowed for the incidents of ${module}`);
    if (session.siteId === null) throw new AppError('NO_SITE', 'No site selected');
    if (!session.modules.includes(module))
      throw new AppError('MODULE_DISABLED', `Module ${module} is not enabled on this site`);
  }
  if (named.some((value) => value !== named[0])) throw validationError('module', 'validation.enum');
  const module = named[0];
  chosen.set(request, module);
}

/** The module a request of the incident routes works on (set by `guardIncidentModule`). */
export function incidentModuleOf(request: FastifyRequest): IncidentModule {
  const module = chosen.get(request);
  if (!module) throw forbidden('No incident module');
  return module;
}

/** Incident types: created in the request's module, which never changes. */
export const incidentTypeHooks: CrudHooks = {
  beforeWrite(values, _input, ctx, existing) {
    delete values.module;
    if (!existing) values.module = incidentModuleOf(ctx.request);
  },
};

/** A type of the module and site, else a validation error on `type`. */
async function checkType(ctx: CrudContext, typeId: unknown, module: IncidentModule) {
  if (typeof typeId !== 'number') return;
  const [type] = await ctx.tx
    .select({ id: incidentTypes.id })
    .from(incidentTypes)
    .where(
      and(
        eq(incidentTypes.id, typeId),
        eq(incidentTypes.siteId, ctx.siteId!),
        eq(incidentTypes.module, module),
      ),
    );
  if (!type) throw validationError('type', 'validation.ref');
}

/** Stored contents of attachments of incidents being deleted, removed once the deletion committed. */
const freedContents = new WeakMap<FastifyRequest, string[]>();

export const incidentHooks: CrudHooks = {
  async beforeWrite(values, _input, ctx, existing) {
    const module = incidentModuleOf(ctx.request);
    delete values.module;
    await checkType(ctx, values.typeId, module);
    if (existing) return;
    const session = sessionOf(ctx.request);
    const [user] = await ctx.tx
      .select({ personId: users.personId })
      .from(users)
      .where(eq(users.id, session.userId));
    values.module = module;
    values.createdById = user?.personId ?? null;
    values.createdDate = new Date(ctx.request.server.clock.now());
  },
  async afterWrite(id, _input, ctx) {
    if (ctx.request.method === 'POST') await notifyIncident(ctx.tx, id);
  },
  async beforeDelete(existing, ctx) {
    const attachments = await ctx.tx
      .select({ fileId: incidentAttachments.fileId })
      .from(incidentAttachments)
      .where(eq(incidentAttachments.incidentId, existing.id as number));
    const keys: string[] = [];
    for (const attachment of attachments) {
      const key = await ctx.request.server.files.deleteRow(ctx.tx, attachment.fileId);
      if (key) keys.push(key);
    }
    freedContents.set(ctx.request, keys);
  },
  async afterDelete(_existing, request) {
    for (const key of freedContents.get(request) ?? []) await request.server.files.removeContent(key);
  },
};

const CONSEQUENCE_TEXT: Record<string, { cs: string; en: string }> = {
  LOW: { cs: 'nízký', en: 'low' },
  NORMAL: { cs: 'běžný', en: 'normal' },
  CRITICAL: { cs: 'KRITICKÝ', en: 'CRITICAL' },
};

/**
 * A new incident whose type notifies, or that asks for it itself, is e-mailed (through the outbox, in the
 * transaction that creates it) to its type's notification addresses, in Czech and English.
 */
export async function notifyIncident(tx: Db, incidentId: number): Promise<number> {
  const [row] = await tx
    .select({ incident: incidents, type: incidentTypes, siteName: sites.name })
    .from(incidents)
    .innerJoin(incidentTypes, eq(incidentTypes.id, incidents.typeId))
    .innerJoin(sites, eq(sites.id, incidents.siteId))
    .where(eq(incidents.id, incidentId));
  if (!row || !(row.incident.notify || row.type.notify)) return 0;
  const recipients = splitEmails(row.type.notificationEmails);
  if (recipients.length === 0) return 0;
  const { incident, type } = row;
  const when = formatSiteDateTime(incident.createdDate, await siteTimeZone(tx, incident.siteId));
  const consequence = CONSEQUENCE_TEXT[incident.consequence];
  const critical = incident.consequence === 'CRITICAL' ? '[!] ' : '';
  const subject = `${critical}Incident: ${type.name} – ${incident.report} (${row.siteName})`;
  const object = incident.objectClass ? `${incident.objectClass} ${incident.objectId ?? ''}`.trim() : '–';
  const body = [
    `Nový incident na objektu ${row.siteName}, ${when}`,
    `Typ: ${type.name}; závažnost: ${consequence.cs}; objekt: ${object}`,
    `Hlášení: ${incident.report}`,
    incident.description ?? '',
    '',
    `New incident at ${row.siteName}, ${when}`,
    `Type: ${type.name}; consequence: ${consequence.en}; object: ${object}`,
    `Report: ${incident.report}`,
    incident.description ?? '',
  ].join('\n');
  for (const recipient of recipients)
    await queueEmail(tx, { siteId: incident.siteId, recipient, subject, body });
  return recipients.length;
}

/** Resolves (`resolved`: true) or reopens an incident of the request's module and site; audited. */
export async function setResolved(
  tx: Db,
  request: FastifyRequest,
  siteId: number,
  id: number,
  resolved: boolean,
): Promise<void> {
  const module = incidentModuleOf(request);
  const [existing] = await tx
    .select()
    .from(incidents)
    .where(and(eq(incidents.id, id), eq(incidents.siteId, siteId), eq(incidents.module, module)))
    .for('update');
  if (!existing) throw notFound('Incident');
  if (existing.resolved === resolved) return;
  const now = new Date(request.server.clock.now());
  const change: Row = resolved
    ? { resolved: true, resolvedAt: now, resolvedById: sessionOf(request).userId }
    : { resolved: false, resolvedAt: null, resolvedById: null };
  await tx
    .update(incidents)
    .set({ ...change, version: existing.version + 1, updatedAt: now })
    .where(eq(incidents.id, id));
  const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value);
  auditResolve(request, siteId, id, existing, change, iso);
}

function auditResolve(
  request: FastifyRequest,
  siteId: number,
  id: number,
  existing: Row,
  change: Row,
  iso: (value: unknown) => unknown,
) {
  const changes: Record<string, { from?: unknown; to?: unknown }> = {};
  for (const [key, to] of Object.entries(change))
    changes[key === 'resolvedById' ? 'resolvedBy' : key] = { from: iso(existing[key]), to: iso(to) };
  auditRecord(request, { entity: 'incident', recordId: id, siteId, changes });
}
