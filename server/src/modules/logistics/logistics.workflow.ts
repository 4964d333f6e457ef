import { and, desc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  LOGISTICS_AUTOMATIC_ATTRIBUTES,
  LOGISTICS_TRANSPORT_ATTRIBUTES,
  logisticsTransport,
  type ErrorDetail,
  type LogisticsCallerWorkflow,
  type LogisticsTransportAttribute,
} from '@strazce/contract';
import type { Db } from '../../db/database';
import { preparedInsert, preparedStatement } from '../../db/prepared';
import type { CrudRepository, Row } from '../../platform/crud';
import { AppError, notFound } from '../../platform/errors';
import { sessionOf } from '../../platform/guard';
import { operationNotification, queueOperationEmails } from './logistics.emails';
import {
  logisticsStatuses,
  logisticsTransports,
  transportLog,
  transportLogisticsOperations,
  workflowAutomaticAttributes,
  workflowCompulsoryAttributes,
  workflowLockedAttributes,
  workflowOperationRoles,
  workflowOperations,
} from './logistics.tables';
import type { TransportContext } from './logistics.transport';

/**
 * The workflow of transports (docs/logistics.md): which operations are offered, executing one ('Provést
 * operaci'), correcting the last one ('Upravit operaci') and cancelling. Each is one transaction that changes
 * the transport only at the version the caller saw (UPDATE … WHERE version = $v): of two dispatchers acting on
 * the same transport at once one succeeds, the other gets 409 LOGISTICS_CONFLICT. Each writes a log entry.
 */

const conflict = () =>
  new AppError('LOGISTICS_CONFLICT', 'The transport was changed meanwhile: reload it and try again');
const notAllowed = () =>
  new AppError('LOGISTICS_OPERATION_NOT_ALLOWED', 'The operation is not offered on this transport to you');

/** The roles of a caller as a statement's value: a `text[]` literal. */
const rolesValue = (roles: readonly string[]) => `{${roles.join(',')}}`;

/** A workflow operation is offered to one of these roles (`text[]`). */
const forRolesSql = (roles: Placeholder | string): SQL =>
  sql`exists (select 1 from ${workflowOperationRoles}
    where ${workflowOperationRoles.operationId} = ${workflowOperations.id}
    and ${workflowOperationRoles.role}::text = any(${roles}::text[]))`;

/** The operations offered on a transport in `statusId` to a caller with `roles`: active, of its site. */
const offeredCondition = (
  siteId: number | Placeholder,
  statusId: number | Placeholder,
  roles: Placeholder | string,
): SQL =>
  and(
    eq(workflowOperations.siteId, siteId),
    eq(workflowOperations.active, true),
    eq(workflowOperations.startStatusId, statusId),
    forRolesSql(roles),
  )!;

export const offeredSql = (siteId: number, statusId: number, roles: readonly string[]): SQL =>
  offeredCondition(siteId, statusId, rolesValue(roles));

/**
 * What the workflow lets a caller with `roles` do on the site (`GET /api/logistics/workflow`): the start statuses
 * of the active operations offered to them (as `offeredSql`) and every operation of theirs (as `editOperation`).
 */
export async function callerWorkflow(
  db: Db,
  siteId: number,
  roles: readonly string[],
): Promise<LogisticsCallerWorkflow> {
  const rows = await db
    .select({
      id: workflowOperations.id,
      startStatus: workflowOperations.startStatusId,
      active: workflowOperations.active,
    })
    .from(workflowOperations)
    .where(and(eq(workflowOperations.siteId, siteId), forRolesSql(rolesValue(roles))))
    .orderBy(workflowOperations.id);
  const active = rows.filter((row) => row.active).map((row) => row.startStatus);
  return { startStatuses: [...new Set(active)].sort((a, b) => a - b), operations: rows.map((row) => row.id) };
}

/** The transport as it is now: 404 when not of the site; 409 when closed. Its version is not checked here. */
export async function openTransport(ctx: TransportContext, id: number) {
  const [transport] = await openTransportStatement.rows<{
    version: number;
    statusId: number;
    closed: boolean;
  }>(ctx.tx, { id, siteId: ctx.siteId });
  if (!transport) throw notFound('Transport');
  return { id, ...transport };
}
const openTransportStatement = preparedStatement(
  () => sql`select ${logisticsTransports.version}, ${logisticsTransports.statusId} as "statusId",
      (${logisticsTransports.cancelled} is not null or ${logisticsStatuses.archive}) as closed
    from ${logisticsTransports} join ${logisticsStatuses} on ${logisticsStatuses.id} = ${logisticsTransports.statusId}
    where ${logisticsTransports.id} = ${sql.placeholder('id')} and ${logisticsTransports.siteId} = ${sql.placeholder('siteId')}`,
);

/** 404, then the version the caller saw (409 LOGISTICS_CONFLICT), then closed (409 LOGISTICS_TRANSPORT_CLOSED). */
async function transportAt(ctx: TransportContext, id: number, version: number) {
  const transport = await openTransport(ctx, id);
  if (transport.version !== version) throw conflict();
  if (transport.closed)
    throw new AppError('LOGISTICS_TRANSPORT_CLOSED', 'The transport is cancelled or finished');
  return transport;
}

/** A workflow operation's attribute modes, in one statement. */
async function attributeModes(tx: Db, operationId: number) {
  const rows = await attributeModesStatement.rows<{
    mode: 'compulsory' | 'locked' | 'automatic';
    attribute: string;
  }>(tx, { operationId });
  const of = (mode: string) =>
    rows.filter((row) => row.mode === mode).map((row) => row.attribute as LogisticsTransportAttribute);
  return { compulsory: of('compulsory'), locked: of('locked'), automatic: of('automatic') };
}

const attributeModesStatement = preparedStatement(() => {
  const operationId = sql.placeholder('operationId');
  const of = (mode: string, table: typeof workflowCompulsoryAttributes) =>
    sql`select ${mode}::text as mode, ${table.attribute} as attribute from ${table} where ${table.operationId} = ${operationId}`;
  return sql`${of('compulsory', workflowCompulsoryAttributes)} union all ${of('locked', workflowLockedAttributes)}
    union all ${of('automatic', workflowAutomaticAttributes)}`;
});

/** The editor's values as the transport's fields take them (400 per attribute for a wrong one). */
const valuesSchema = (logisticsTransport.schemas.create as unknown as z.ZodObject).partial();

/** A value of an attribute in comparable form: a ref's id, a list's sorted ids, a time's milliseconds. */
function comparable(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return null;
  if (Array.isArray(value)) {
    const ids = value.map((item) => comparable(item) as number).sort((a, b) => a - b);
    return ids.length === 0 ? null : ids.join(',');
  }
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'object' && 'id' in value) return (value as { id: number }).id;
  if (typeof value === 'string' && /^\d{4}-\d\d-\d\dT/.test(value)) return new Date(value).getTime();
  return value;
}

/**
 * The transport's attribute values as stored (refs by id, the logistics operations by their ids), read in the
 * transaction of the change.
 */
async function currentValues(
  transports: CrudRepository,
  ctx: TransportContext,
  id: number,
): Promise<{ row: Row; values: Row }> {
  const row = (await transports.findRow(id, ctx))!;
  const operations = await transportOperationsStatement.rows<{ id: number }>(ctx.tx, { id });
  const values = Object.fromEntries(
    LOGISTICS_TRANSPORT_ATTRIBUTES.map((attribute) => {
      const field = logisticsTransport.fields[attribute];
      if (field.kind === 'multiRef') return [attribute, operations.map((operation) => operation.id)];
      return [attribute, row[field.kind === 'ref' ? `${attribute}Id` : attribute]];
    }),
  );
  return { row, values };
}

const transportOperationsStatement = preparedStatement(
  () => sql`select ${transportLogisticsOperations.logisticsOperationId} as id from ${transportLogisticsOperations}
    where ${transportLogisticsOperations.transportId} = ${sql.placeholder('id')}`,
);

/**
 * The input of the transport's update from an editor's values under an operation's attribute modes:
 * automatic attributes set to `now` (on an execution; a correction keeps them), locked ones equal to the
 * transport's, compulsory ones filled (given, or already on the transport).
 */
function editorInput(
  values: Partial<Record<LogisticsTransportAttribute, unknown>>,
  modes: Awaited<ReturnType<typeof attributeModes>>,
  current: Row,
  stamp: Date | null,
): Row {
  const automatic = new Set<string>(modes.automatic);
  const given = Object.fromEntries(Object.entries(values).filter(([name]) => !automatic.has(name)));
  const input = valuesSchema.parse(given) as Row;
  const details: ErrorDetail[] = [];
  for (const attribute of modes.locked)
    if (attribute in input) {
      if (comparable(input[attribute]) !== comparable(current[attribute]))
        details.push({ path: attribute, message: 'validation.logisticsLocked' });
      delete input[attribute];
    }
  for (const attribute of automatic) {
    if (stamp && (LOGISTICS_AUTOMATIC_ATTRIBUTES as readonly string[]).includes(attribute))
      input[attribute] = stamp.toISOString();
  }
  for (const attribute of modes.compulsory) {
    const value = attribute in input ? input[attribute] : current[attribute];
    if (comparable(value) === null) details.push({ path: attribute, message: 'validation.required' });
  }
  if (details.length > 0) throw new AppError('VALIDATION', 'Validation failed', details);
  return input;
}

/** The attribute values an update sets, for the log (`changes`). */
const changesOf = (input: Row): Row =>
  Object.fromEntries(
    Object.entries(input).filter(([name]) =>
      (LOGISTICS_TRANSPORT_ATTRIBUTES as readonly string[]).includes(name),
    ),
  );

async function writeLog(
  ctx: TransportContext,
  entry: {
    transportId: number;
    operationId: number | null;
    startStatusId: number;
    endStatusId: number;
    edit?: boolean;
    note?: string | null;
    changes?: Row;
  },
): Promise<void> {
  await insertLog(ctx.tx, {
    ...entry,
    siteId: ctx.siteId!,
    time: new Date(ctx.request.server.clock.now()),
    userId: sessionOf(ctx.request).userId,
    note: entry.note || null,
  });
}
const insertLog = preparedInsert(transportLog);

/** A workflow operation by id if it is offered (`offeredSql`) on a transport in `statusId` to `roles`. */
const offeredOperationStatement = preparedStatement(
  () => sql`select ${workflowOperations.id}, ${workflowOperations.endStatusId} as "endStatusId",
      ${workflowOperations.withoutEditor} as "withoutEditor"
    from ${workflowOperations}
    where ${workflowOperations.id} = ${sql.placeholder('id')}
      and ${offeredCondition(sql.placeholder('siteId'), sql.placeholder('statusId'), sql.placeholder('roles'))}`,
);

export interface ExecuteBody {
  operation: number;
  version: number;
  values: Partial<Record<LogisticsTransportAttribute, unknown>>;
  note?: string | null;
  /** Onto an occupied ramp all the same (LOGISTICS_RAMP_OCCUPIED confirmed). */
  force?: boolean;
}

/**
 * Executes a workflow operation on a transport at the version the caller saw: the operation must be offered
 * (409 LOGISTICS_OPERATION_NOT_ALLOWED), the editor's values keep its attribute modes (400); the transport moves
 * to its end status, the log gets an entry, its recipients an e-mail.
 */
export async function executeOperation(
  transports: CrudRepository,
  ctx: TransportContext,
  id: number,
  body: ExecuteBody,
): Promise<void> {
  const transport = await transportAt(ctx, id, body.version);
  const session = sessionOf(ctx.request);
  const [operation] = await offeredOperationStatement.rows<{
    id: number;
    endStatusId: number;
    withoutEditor: boolean;
  }>(ctx.tx, {
    id: body.operation,
    siteId: ctx.siteId,
    statusId: transport.statusId,
    roles: rolesValue(session.roles),
  });
  if (!operation) throw notAllowed();
  const modes = await attributeModes(ctx.tx, operation.id);
  const current = await currentValues(transports, ctx, id);
  // Everything read before the update, which locks the transport's row until the commit: every dispatcher
  // acting on it waits for that lock, so it is held for the update, the log entry and the audit entry only.
  const notification = await operationNotification(ctx.tx, operation.id);
  const now = new Date(ctx.request.server.clock.now());
  const input = editorInput(operation.withoutEditor ? {} : body.values, modes, current.values, now);
  await transports.update(id, { ...input, version: body.version, force: body.force }, ctx, {
    set: { statusId: operation.endStatusId, operationId: operation.id },
    conflict,
    existing: current.row,
  });
  await writeLog(ctx, {
    transportId: id,
    operationId: operation.id,
    startStatusId: transport.statusId,
    endStatusId: operation.endStatusId,
    note: body.note,
    changes: changesOf(input),
  });
  await queueOperationEmails(ctx.tx, id, notification, session.userName);
}

/**
 * Corrects the values of the transport's last operation ('Upravit operaci', the log entry `logId`): the same
 * attribute modes, automatic attributes kept, the status unchanged; a log entry with `edit`. Only the last
 * entry, of an operation offered to the caller, can be corrected (409 LOGISTICS_OPERATION_NOT_ALLOWED).
 */
export async function editOperation(
  transports: CrudRepository,
  ctx: TransportContext,
  id: number,
  logId: number,
  body: Omit<ExecuteBody, 'operation'>,
): Promise<void> {
  const transport = await transportAt(ctx, id, body.version);
  const [last] = await ctx.tx
    .select({ id: transportLog.id, operationId: transportLog.operationId })
    .from(transportLog)
    .where(eq(transportLog.transportId, id))
    .orderBy(desc(transportLog.time), desc(transportLog.id))
    .limit(1);
  if (!last || last.id !== logId || last.operationId === null) throw notAllowed();
  const [allowed] = await ctx.tx
    .select({ id: workflowOperations.id })
    .from(workflowOperations)
    .where(
      and(
        eq(workflowOperations.id, last.operationId),
        eq(workflowOperations.siteId, ctx.siteId!),
        forRolesSql(rolesValue(sessionOf(ctx.request).roles)),
      ),
    );
  if (!allowed) throw notAllowed();
  const modes = await attributeModes(ctx.tx, last.operationId);
  const current = await currentValues(transports, ctx, id);
  const input = editorInput(body.values, modes, current.values, null);
  await transports.update(id, { ...input, version: body.version, force: body.force }, ctx, {
    conflict,
    existing: current.row,
  });
  await writeLog(ctx, {
    transportId: id,
    operationId: last.operationId,
    startStatusId: transport.statusId,
    endStatusId: transport.statusId,
    edit: true,
    note: body.note,
    changes: changesOf(input),
  });
}

/** Cancels a transport at the version the caller saw; a log entry without operation. */
export async function cancelTransport(
  transports: CrudRepository,
  ctx: TransportContext,
  id: number,
  body: { version: number; note?: string | null },
): Promise<void> {
  const transport = await transportAt(ctx, id, body.version);
  await transports.update(id, { version: body.version }, { ...ctx, event: 'cancelled' } as TransportContext, {
    set: { cancelled: new Date(ctx.request.server.clock.now()) },
    conflict,
  });
  await writeLog(ctx, {
    transportId: id,
    operationId: null,
    startStatusId: transport.statusId,
    endStatusId: transport.statusId,
    note: body.note,
  });
}
