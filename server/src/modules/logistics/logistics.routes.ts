import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LANG_PARAMETER_VALUES,
  LOGISTICS_BOARD,
  LOGISTICS_CANCEL,
  LOGISTICS_CREATE,
  LOGISTICS_READ,
  LOGISTICS_TURN_TIME_MAX_DAYS,
  idParamsSchema,
  logisticsBoardSchema,
  logisticsCallerWorkflowSchema,
  logisticsCancelSchema,
  logisticsEditOperationSchema,
  logisticsExecuteSchema,
  logisticsOperation,
  logisticsPerson,
  logisticsRamp,
  logisticsStatus,
  logisticsSupplier,
  logisticsTeam,
  logisticsTransport,
  logisticsTransportLog,
  logisticsTransportType,
  logisticsTurnTimeSchema,
  logisticsWorkflowOperation,
  logisticsWorkflowOperationInputExtension,
  logisticsWorkflowSchema,
  logisticsRampForceExtension,
} from '@strazce/contract';
import type { Db } from '../../db/database';
import { crudRoutes } from '../../platform/crud';
import { csvLanguageOf, sendCsv } from '../../platform/csv';
import { validationError } from '../../platform/errors';
import { currentSiteId, sessionOf } from '../../platform/guard';
import { registerRefTarget } from '../../platform/refs';
import { siteTimeZone, localDate } from '../../platform/siteTime';
import { personGroups } from '../site/site.tables';
import { registerPersonPicker } from '../site/personPicker';
import { boardOf, toTurnTimeCsv, turnTimeOf } from './logistics.board';
import { workflowOperationHooks, workflowOperationLinks } from './logistics.config';
import { notifyNewTransport } from './logistics.emails';
import {
  logisticsOperations,
  logisticsRamps,
  logisticsStatuses,
  logisticsSuppliers,
  logisticsTransports,
  logisticsTypes,
  transportLog,
  transportLogisticsOperations,
  workflowOperations,
} from './logistics.tables';
import { TRANSPORT_TOPIC, transportHooks, waitingSql, type TransportContext } from './logistics.transport';
import {
  callerWorkflow,
  cancelTransport,
  editOperation,
  executeOperation,
  offeredSql,
  openTransport,
} from './logistics.workflow';

const byName = (t: { name: unknown }) => sql`${t.name}`;
registerRefTarget('logistics/status', { table: logisticsStatuses, label: byName, scope: 'site' });
registerRefTarget('logistics/ramp', { table: logisticsRamps, label: byName, scope: 'site' });
registerRefTarget('logistics/type', { table: logisticsTypes, label: byName, scope: 'site' });
registerRefTarget('logistics/supplier', { table: logisticsSuppliers, label: byName, scope: 'site' });
registerRefTarget('logistics/logisticsoperation', {
  table: logisticsOperations,
  label: byName,
  scope: 'site',
});
registerRefTarget('logistics/operation', { table: workflowOperations, label: byName, scope: 'site' });
registerRefTarget('logistics/team', { table: personGroups, label: byName, scope: 'site' });
registerRefTarget('logistics/transport', {
  table: logisticsTransports,
  label: (t: typeof logisticsTransports) => sql`coalesce(${t.licencePlate}, '#' || ${t.id}::text)`,
  scope: 'site',
});

const MODULE = 'MOD_LOGISTICS' as const;
/** The transport list has up to millions of rows: counted exactly up to this many, estimated beyond. */
const COUNT_LIMIT = 10_000;

/**
 * Logistics (MOD_LOGISTICS, docs/logistics.md): the configuration (LOGISTICS_ADMIN; suppliers also
 * LOGISTICS_CREATE), the pickers of persons and teams, transports (created by LOGISTICS_CREATE, corrected and
 * deleted by LOGISTICS_ADMIN) with their log, the workflow (offered operations, execute, correct, cancel), the
 * event stream, the dispatcher board and the turn-time report.
 */
export function registerLogisticsRoutes(app: FastifyInstance, db: Db): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['logistics'];

  crudRoutes(app, db, { entity: logisticsStatus, table: logisticsStatuses });
  crudRoutes(app, db, { entity: logisticsRamp, table: logisticsRamps });
  crudRoutes(app, db, { entity: logisticsTransportType, table: logisticsTypes });
  crudRoutes(app, db, { entity: logisticsSupplier, table: logisticsSuppliers });
  crudRoutes(app, db, { entity: logisticsOperation, table: logisticsOperations });
  // The workflow operations' hooks check that a person named is of the site.
  registerPersonPicker(app, db, logisticsPerson);
  crudRoutes(app, db, { entity: logisticsTeam, table: personGroups, omit: ['create', 'update', 'delete'] });
  const operations = crudRoutes(app, db, {
    entity: logisticsWorkflowOperation,
    table: workflowOperations,
    links: workflowOperationLinks,
    hooks: workflowOperationHooks,
    inputExtension: logisticsWorkflowOperationInputExtension,
  });
  const transports = crudRoutes(app, db, {
    entity: logisticsTransport,
    table: logisticsTransports,
    links: {
      logisticsOperations: {
        table: transportLogisticsOperations,
        owner: transportLogisticsOperations.transportId,
        value: transportLogisticsOperations.logisticsOperationId,
        site: transportLogisticsOperations.siteId,
      },
    },
    hooks: transportHooks,
    inputExtension: logisticsRampForceExtension,
    computed: { waiting: waitingSql },
    countLimit: COUNT_LIMIT,
    // Created by LOGISTICS_CREATE: the route below.
    omit: ['create'],
  });
  crudRoutes(app, db, {
    entity: logisticsTransportLog,
    table: transportLog,
    log: { time: transportLog.time },
  });

  const transportRecord = logisticsTransport.schemas.record as unknown as z.ZodType;
  /** Runs a write of a transport in one transaction and answers its record. */
  const writeTransport = async (
    request: FastifyRequest,
    id: number | null,
    write: (ctx: TransportContext) => Promise<number | void>,
  ) => {
    const siteId = currentSiteId(request);
    const written = await db.transaction(async (tx) => write({ request, tx: tx, siteId }));
    return transports.get((written ?? id)!, siteId, undefined, request);
  };

  typed.post(
    '/api/logistics/transport',
    {
      config: { access: { roles: LOGISTICS_CREATE, module: MODULE } },
      schema: {
        tags,
        description:
          "Records a transport ('Vytvořit záznam', LOGISTICS_CREATE) in the initial status (the active, " +
          'non-archive status of the lowest position; 409 LOGISTICS_NO_INITIAL_STATUS without one); e-mails ' +
          'the notification addresses of its logistics operations. 409 LOGISTICS_RAMP_OCCUPIED when another ' +
          'transport holds its ramp in an overlapping time, unless `force: true`.',
        body: (logisticsTransport.schemas.create as unknown as z.ZodObject).extend(
          logisticsRampForceExtension,
        ),
        response: { 201: transportRecord },
      },
    },
    async (request, reply) => {
      const record = await writeTransport(request, null, async (ctx) => {
        const id = await transports.insert(request.body, { ...ctx, event: 'created' } as TransportContext);
        await notifyNewTransport(
          ctx.tx,
          id,
          (request.body.logisticsOperations as number[] | undefined) ?? [],
        );
        return id;
      });
      return reply.status(201).send(record);
    },
  );

  typed.get(
    '/api/logistics/workflow',
    {
      config: { access: { roles: [...LOGISTICS_READ, ...LOGISTICS_BOARD], module: MODULE } },
      schema: {
        tags,
        description:
          'What the workflow lets the caller do on the current site: the start statuses of the active ' +
          'operations with a role of theirs, and the operations whose last run they may correct.',
        response: { 200: logisticsCallerWorkflowSchema },
      },
    },
    async (request) => callerWorkflow(db, currentSiteId(request), sessionOf(request).roles),
  );

  typed.get(
    '/api/logistics/transport/:id/workflow',
    {
      config: { access: { roles: LOGISTICS_READ, module: MODULE } },
      schema: {
        tags,
        description:
          'The workflow operations offered on the transport to the caller: active, starting in its status, with ' +
          'a role of the caller; none when it is cancelled or finished.',
        params: idParamsSchema,
        response: { 200: logisticsWorkflowSchema },
      },
    },
    async (request) => {
      const siteId = currentSiteId(request);
      const transport = await openTransport({ request, tx: db, siteId }, request.params.id);
      if (transport.closed) return [];
      const { rows } = await operations.list(
        { page: 1, size: 100, sort: { field: 'name', direction: 'asc' }, filters: {} },
        siteId,
        offeredSql(siteId, transport.statusId, sessionOf(request).roles),
        request,
      );
      return rows as z.infer<typeof logisticsWorkflowSchema>;
    },
  );

  typed.post(
    '/api/logistics/transport/:id/operation',
    {
      config: { access: { roles: LOGISTICS_READ, module: MODULE } },
      schema: {
        tags,
        description:
          "Executes a workflow operation ('Provést operaci') on the transport as it was at `version`: 409 " +
          'LOGISTICS_CONFLICT when changed meanwhile, LOGISTICS_TRANSPORT_CLOSED when cancelled or finished, ' +
          'LOGISTICS_OPERATION_NOT_ALLOWED when not offered; 400 for compulsory attributes not filled or ' +
          'locked ones changed. Answers the transport.',
        params: idParamsSchema,
        body: logisticsExecuteSchema,
        response: { 200: transportRecord },
      },
    },
    (request) =>
      writeTransport(request, request.params.id, (ctx) =>
        executeOperation(transports, ctx, request.params.id, request.body),
      ),
  );

  typed.put(
    '/api/logistics/transport/:id/operation/:logId',
    {
      config: { access: { roles: LOGISTICS_READ, module: MODULE } },
      schema: {
        tags,
        description:
          "Corrects the values of the transport's last operation ('Upravit operaci', its log entry `logId`) " +
          'under its attribute modes, without changing the status. Answers the transport.',
        params: idParamsSchema.extend({ logId: idParamsSchema.shape.id }),
        body: logisticsEditOperationSchema,
        response: { 200: transportRecord },
      },
    },
    (request) =>
      writeTransport(request, request.params.id, (ctx) =>
        editOperation(transports, ctx, request.params.id, request.params.logId, request.body),
      ),
  );

  typed.post(
    '/api/logistics/transport/:id/cancel',
    {
      config: { access: { roles: LOGISTICS_CANCEL, module: MODULE } },
      schema: {
        tags,
        description:
          'Cancels the transport as it was at `version` (LOGISTICS_CANCEL; 409 LOGISTICS_CONFLICT when changed ' +
          'meanwhile, LOGISTICS_TRANSPORT_CLOSED when cancelled or finished already). Answers the transport.',
        params: idParamsSchema,
        body: logisticsCancelSchema,
        response: { 200: transportRecord },
      },
    },
    (request) =>
      writeTransport(request, request.params.id, (ctx) =>
        cancelTransport(transports, ctx, request.params.id, request.body),
      ),
  );

  typed.get(
    '/api/logistics/events',
    {
      config: { access: { roles: [...LOGISTICS_READ, ...LOGISTICS_BOARD], module: MODULE } },
      schema: {
        tags,
        description:
          'A text/event-stream of the events `transport` ({ id, kind }) of the session’s site, from every app ' +
          'instance, as they are committed; a heartbeat comment every 20 s.',
      },
    },
    (request, reply) => app.siteEvents.stream(request, reply, TRANSPORT_TOPIC),
  );

  typed.get(
    '/api/logistics/board',
    {
      config: { access: { roles: LOGISTICS_BOARD, module: MODULE } },
      schema: {
        tags,
        description:
          'The dispatcher board of a day (the site’s today by default): statuses, ramps, the day’s and the ' +
          'still open transports, the ramps’ occupancy.',
        querystring: z.strictObject({ date: z.iso.date({ message: 'validation.date' }).optional() }),
        response: { 200: logisticsBoardSchema },
      },
    },
    async (request) => {
      const siteId = currentSiteId(request);
      const timeZone = await siteTimeZone(db, siteId);
      const now = new Date(app.clock.now());
      return boardOf(db, transports, siteId, request.query.date ?? localDate(now, timeZone), timeZone, now);
    },
  );

  const turnTimeQuery = z.strictObject({
    from: z.iso.date({ message: 'validation.date' }),
    to: z.iso.date({ message: 'validation.date' }),
  });
  const turnTime = async (request: FastifyRequest, query: z.infer<typeof turnTimeQuery>) => {
    const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000;
    if (days < 0) throw validationError('to', 'validation.dateRange');
    if (days >= LOGISTICS_TURN_TIME_MAX_DAYS) throw validationError('to', 'validation.dateRangeTooLong');
    const siteId = currentSiteId(request);
    const timeZone = await siteTimeZone(db, siteId);
    return { report: await turnTimeOf(db, siteId, query.from, query.to, timeZone), timeZone };
  };
  typed.get(
    '/api/logistics/turntime',
    {
      config: { access: { roles: LOGISTICS_BOARD, module: MODULE } },
      schema: {
        tags,
        description:
          'Turn-time figures of the transports that arrived from `from` to `to` (the site’s days, at most 366) ' +
          'and left: waiting before entry, time at the ramp, total; averages per supplier, type and ramp.',
        querystring: turnTimeQuery,
        response: { 200: logisticsTurnTimeSchema },
      },
    },
    async (request) => (await turnTime(request, request.query)).report,
  );
  typed.get(
    '/api/logistics/turntime/export',
    {
      config: { access: { roles: LOGISTICS_BOARD, module: MODULE }, auditEvent: 'EXPORT' },
      schema: {
        tags,
        description: 'The turn-time figures as CSV, in the caller’s language.',
        querystring: turnTimeQuery.extend({ lang: z.enum(LANG_PARAMETER_VALUES).optional() }),
      },
    },
    async (request, reply) => {
      const { report, timeZone } = await turnTime(request, request.query);
      const language = csvLanguageOf(request, request.query.lang);
      const name = `${language === 'cs' ? 'doba-obratu' : 'turn-time'}-${report.from}-${report.to}.csv`;
      return sendCsv(reply, name, toTurnTimeCsv(report, language, timeZone));
    },
  );
}
