import { randomUUID } from 'node:crypto';
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  HEADERS,
  KBOX_DIRECTIONS,
  KBOX_WRITE,
  idParamsSchema,
  kboxContent,
  kboxDepositSchema,
  kboxFiguresQuerySchema,
  kboxFiguresSchema,
  kboxKeybox,
  kboxLockerAnswerSchema,
  kboxMessage,
  kboxOperation,
  kboxOperator,
  kboxPickUpSchema,
  kboxServiceSchema,
  kboxStatusSchema,
  kboxWorkflow,
  kboxWorkflowProblems,
  type KboxLockerAnswer,
  type ListQuery,
} from '@strazce/contract';
import type { Db } from '../../db/database';
import { auditRecord } from '../../platform/audit';
import { crudRoutes, sendJson, type CrudContext, type Row } from '../../platform/crud';
import { csvLanguageOf, sendCsv } from '../../platform/csv';
import { AppError, validationError } from '../../platform/errors';
import { currentSiteId, terminalAccess } from '../../platform/guard';
import type { LoginLimiter } from '../../platform/loginLimiter';
import { registerRefTarget } from '../../platform/refs';
import { hashPassword, verifyPassword } from '../../platform/secrets';
import { siteTimeZone } from '../../platform/siteTime';
import { terminalOf } from '../../platform/terminal';
import { terminalRecordRoutes } from '../../platform/terminalRecords';
import {
  depositContent,
  pickUpContent,
  recordService,
  repeatedOperation,
  resendMessage,
  returnContent,
  type LockerKeybox,
} from './kbox.content';
import { keyboxFigures, toFiguresCsv } from './kbox.figures';
import { notifyContent } from './kbox.notify';
import {
  kboxContents,
  kboxKeyboxes,
  kboxMessages,
  kboxOperations,
  kboxOperators,
  kboxWorkflows,
} from './kbox.tables';

const byName = (t: { name: unknown }) => sql`${t.name}`;
registerRefTarget('kbox/keybox', { table: kboxKeyboxes, label: byName, scope: 'site' });
registerRefTarget('kbox/operator', { table: kboxOperators, label: byName, scope: 'site' });
registerRefTarget('kbox/workflow', { table: kboxWorkflows, label: byName, scope: 'site' });
registerRefTarget('kbox/content', {
  table: kboxContents,
  label: (t) => sql`${t.contentId}::text`,
  scope: 'site',
});

const MODULE = 'MOD_KBOX' as const;
const LOCKER = terminalAccess('KBOX_TERMINAL', MODULE);

/** An operator's PIN is kept as an argon2 hash; null removes it. */
async function operatorValues(values: Row, input: Row): Promise<void> {
  if (input.pin === undefined) return;
  values.pinHash = input.pin === null ? null : await hashPassword(String(input.pin));
  values.pinSet = input.pin !== null;
}

/** A workflow gets its uuid; every enabled notification needs a message body (on the fields that miss one). */
function workflowValues(values: Row, _input: Row, _ctx: CrudContext, existing?: Row): void {
  if (!existing) values.uuid = randomUUID();
  const problems = kboxWorkflowProblems({ ...existing, ...values });
  const details = Object.entries(problems).map(([path, message]) => ({ path, message }));
  if (details.length > 0) throw new AppError('VALIDATION', 'Validation failed', details);
}

/**
 * A content's workflow must be one of its keybox; once deposited, its keybox and direction stay (the locker
 * holds it).
 */
async function contentValues(values: Row, _input: Row, ctx: CrudContext, existing?: Row): Promise<void> {
  if (existing && existing.status !== 'NEW')
    for (const [field, column] of [
      ['keybox', 'keyboxId'],
      ['direction', 'direction'],
    ] as const)
      if (values[column] !== undefined && values[column] !== existing[column])
        throw validationError(field, 'validation.invalid');
  const keyboxId = (values.keyboxId ?? existing?.keyboxId) as number | undefined;
  const workflowId = (values.workflowId === undefined ? existing?.workflowId : values.workflowId) as
    number | null | undefined;
  if (!workflowId || !keyboxId) return;
  const [workflow] = await ctx.tx
    .select({ id: kboxWorkflows.id })
    .from(kboxWorkflows)
    .where(and(eq(kboxWorkflows.id, workflowId), eq(kboxWorkflows.keyboxId, keyboxId)));
  if (!workflow) throw validationError('workflow', 'validation.ref');
}

/** Whether the outbox delivered a message. */
const deliveredSql = (): SQL =>
  sql`coalesce((select e.sent is not null from system_email e where e.id = ${kboxMessages.emailId}),
    (select s.sent_success_full from system_sms s where s.id = ${kboxMessages.smsId}), false)`;

/**
 * Keyboxes (MOD_KBOX, docs/kbox.md): the set-up (KBOX_ADMIN: keyboxes with their machine terminals,
 * operators, workflows), contents (read by every keybox role, written by KBOX_USER and KBOX_ADMIN) with their
 * return and notifications, operations, pick-up figures, and the lockers' own routes (KBOX_TERMINAL token
 * only).
 */
export function registerKboxRoutes(app: FastifyInstance, db: Db, limiter: LoginLimiter): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['kbox'];
  const clock = () => new Date(app.clock.now());

  terminalRecordRoutes(app, db, {
    entity: kboxKeybox,
    table: kboxKeyboxes,
    role: 'KBOX_TERMINAL',
    module: MODULE,
    tags,
  });
  crudRoutes(app, db, { entity: kboxOperator, table: kboxOperators, hooks: { beforeWrite: operatorValues } });
  crudRoutes(app, db, { entity: kboxWorkflow, table: kboxWorkflows, hooks: { beforeWrite: workflowValues } });
  const contents = crudRoutes(app, db, {
    entity: kboxContent,
    table: kboxContents,
    hooks: {
      beforeWrite: contentValues,
      // A recorded content: the `stored` notification.
      async afterWrite(id, _input, ctx) {
        if (ctx.request.method !== 'POST') return;
        const [content] = await ctx.tx.select().from(kboxContents).where(eq(kboxContents.id, id));
        await notifyContent(ctx.tx, content, 'stored', clock());
      },
    },
  });
  crudRoutes(app, db, {
    entity: kboxOperation,
    table: kboxOperations,
    omit: ['create', 'update', 'delete'],
  });
  crudRoutes(app, db, {
    entity: kboxMessage,
    table: kboxMessages,
    computed: { delivered: deliveredSql },
    omit: ['create', 'update', 'delete'],
  });

  const contentList = z.array(kboxContent.schemas.record as unknown as z.ZodType);
  for (const direction of KBOX_DIRECTIONS) {
    const path = direction.toLowerCase();
    typed.get(
      `/api/kbox/content/${path}`,
      {
        config: { access: { roles: kboxContent.read, module: MODULE } },
        schema: {
          tags,
          description: `The ${path} contents (/kbox/content${path}): the content list of this direction.`,
          querystring: kboxContent.schemas.listQuery,
          response: { 200: contentList },
        },
      },
      async (request, reply) => {
        const { json, total } = await contents.listJson(
          request.query as ListQuery,
          currentSiteId(request),
          eq(kboxContents.direction, direction),
          request,
        );
        return sendJson(reply.header(HEADERS.totalCount, String(total)), json);
      },
    );
  }

  const contentRecord = kboxContent.schemas.record as unknown as z.ZodType;
  typed.post(
    '/api/kbox/content/:id/return',
    {
      config: { access: { roles: KBOX_WRITE, module: MODULE } },
      schema: {
        tags,
        description:
          "'Vrátit zásilku': a DEPOSITED content goes back to its sender with a new PIN (the `pickup` " +
          'notification); 409 KBOX_STATE when it is not deposited or returned already.',
        params: idParamsSchema,
        response: { 200: contentRecord },
      },
    },
    async (request) => {
      const siteId = currentSiteId(request);
      await db.transaction((tx) => returnContent(tx as unknown as Db, siteId, request.params.id, clock()));
      return contents.get(request.params.id, siteId, undefined, request);
    },
  );

  typed.post(
    '/api/kbox/message/:id/resend',
    {
      config: { access: { roles: KBOX_WRITE, module: MODULE } },
      schema: {
        tags,
        description:
          'Sends a notification of a content again to its channel and recipient; one with a PIN gets a new ' +
          'PIN (409 KBOX_STATE when the content no longer waits in the box).',
        params: idParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const siteId = currentSiteId(request);
      await db.transaction((tx) => resendMessage(tx as unknown as Db, siteId, request.params.id, clock()));
      return reply.status(204).send(null);
    },
  );

  typed.get(
    '/api/kbox/keybox/figures',
    {
      config: { access: { roles: kboxKeybox.write, module: MODULE } },
      schema: {
        tags,
        description:
          'Pick-up figures per keybox: contents waiting, the oldest waiting, and over the days from–to (the ' +
          'site’s zone) the contents picked up and the median minutes from deposit to pick-up.',
        querystring: kboxFiguresQuerySchema,
        response: { 200: kboxFiguresSchema },
      },
    },
    async (request) => keyboxFigures(db, currentSiteId(request), request.query),
  );

  typed.get(
    '/api/kbox/keybox/figures/export',
    {
      config: { access: { roles: kboxKeybox.write, module: MODULE }, auditEvent: 'EXPORT' },
      schema: { tags, description: 'The pick-up figures as CSV.', querystring: kboxFiguresQuerySchema },
    },
    async (request, reply) => {
      const siteId = currentSiteId(request);
      const figures = await keyboxFigures(db, siteId, request.query);
      const language = csvLanguageOf(request, request.query.lang);
      const name = language === 'cs' ? 'vydejni-boxy-statistika.csv' : 'keybox-figures.csv';
      return sendCsv(reply, name, toFiguresCsv(figures, language, await siteTimeZone(db, siteId)));
    },
  );

  registerLockerRoutes(app, db, limiter);
}

/** The keybox of the locker's terminal (its token names it); it was seen now, and is no longer OFFLINE. */
async function lockerKeybox(db: Db, request: FastifyRequest, at: Date): Promise<LockerKeybox> {
  const terminal = terminalOf(request);
  const [keybox] = await db
    .update(kboxKeyboxes)
    .set({
      lastSeen: at,
      status: sql`case when ${kboxKeyboxes.status} = 'OFFLINE' then 'OK' else ${kboxKeyboxes.status} end`,
    })
    .where(and(eq(kboxKeyboxes.clientId, terminal.clientId), eq(kboxKeyboxes.siteId, terminal.siteId)))
    .returning({ id: kboxKeyboxes.id, siteId: kboxKeyboxes.siteId });
  if (!keybox) throw new AppError('FORBIDDEN', 'The terminal is no keybox');
  return keybox;
}

/**
 * The lockers' routes (docs/kbox.md, docs/terminals.md): called with a KBOX_TERMINAL token only, each on the
 * keybox of that token. An operation repeated with its uuid answers its first outcome.
 */
function registerLockerRoutes(app: FastifyInstance, db: Db, limiter: LoginLimiter): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['kbox'];
  const response = { 200: kboxLockerAnswerSchema };

  /** One operation of a locker in one transaction: the keybox seen, a repeated uuid answered as before. */
  const operation = (
    request: FastifyRequest,
    uuid: string,
    act: (tx: Db, keybox: LockerKeybox, at: Date) => Promise<KboxLockerAnswer>,
  ) =>
    db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const at = new Date(request.server.clock.now());
      const keybox = await lockerKeybox(tx, request, at);
      const repeated = await repeatedOperation(tx, keybox, uuid);
      if (repeated) return repeated;
      const answer = await act(tx, keybox, at);
      // The audit names the content moved (a service operation: the operation).
      auditRecord(request, {
        entity: answer.content ? kboxContent.resource : kboxOperation.resource,
        recordId: answer.content?.id ?? answer.operation.id,
        siteId: keybox.siteId,
        changes: answer.content ? { status: { to: answer.content.status } } : undefined,
      });
      return answer;
    });

  typed.post(
    '/api/kbox/locker/deposit',
    {
      config: { access: LOCKER },
      schema: {
        tags,
        description:
          'The locker reports a deposit (its token only): the NEW content of this keybox with `contentId` ' +
          'becomes DEPOSITED in `boxName` with a one-time pick-up PIN sent in its notification. 404 ' +
          'KBOX_CONTENT_UNKNOWN, 409 KBOX_STATE when it is not NEW.',
        body: kboxDepositSchema,
        response,
      },
    },
    (request) =>
      operation(request, request.body.uuid, (tx, keybox, at) => depositContent(tx, keybox, request.body, at)),
  );

  typed.post(
    '/api/kbox/locker/pickup',
    {
      config: { access: LOCKER },
      schema: {
        tags,
        description:
          'The locker reports a pick-up with the PIN typed: the content whose PIN it is becomes PICKED_UP ' +
          '(the PIN is spent). 401 PIN_INVALID (repeated wrong PINs throttled: 429), 401 KBOX_PIN_EXPIRED, ' +
          '409 KBOX_UNPAID while its payment is PENDING.',
        body: kboxPickUpSchema,
        response,
      },
    },
    async (request) => {
      const throttleKey = `kbox-locker:${terminalOf(request).clientId}`;
      await limiter.check(throttleKey, request.ip);
      try {
        const answer = await operation(request, request.body.uuid, (tx, keybox, at) =>
          pickUpContent(tx, keybox, request.body, at),
        );
        await limiter.reset(throttleKey, request.ip);
        return answer;
      } catch (error) {
        if (error instanceof AppError && error.code === 'PIN_INVALID')
          await limiter.recordFailure(throttleKey, request.ip);
        throw error;
      }
    },
  );

  typed.post(
    '/api/kbox/locker/service',
    {
      config: { access: LOCKER },
      schema: {
        tags,
        description:
          'An operator’s service operation (SERVIS, GOPARKING) at the locker with card and PIN: recorded; a ' +
          'card of no valid operator of the site or a wrong PIN: 401 PIN_INVALID.',
        body: kboxServiceSchema,
        response,
      },
    },
    (request) =>
      operation(request, request.body.uuid, async (tx, keybox, at) => {
        const [operator] = await tx
          .select({ id: kboxOperators.id, pinHash: kboxOperators.pinHash })
          .from(kboxOperators)
          .where(
            and(
              eq(kboxOperators.siteId, keybox.siteId),
              eq(kboxOperators.cardNumber, request.body.cardNumber),
              eq(kboxOperators.valid, true),
            ),
          );
        if (!(await verifyPassword(operator?.pinHash ?? null, request.body.pin)))
          throw new AppError('PIN_INVALID', 'Unknown card or wrong PIN');
        return recordService(tx, keybox, request.body, operator!.id, at);
      }),
  );

  typed.post(
    '/api/kbox/locker/status',
    {
      config: { access: LOCKER },
      schema: {
        tags,
        description:
          'The locker reports its status (OK, ERROR, WARNING); any locker call counts as a sign of life.',
        body: kboxStatusSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        const keybox = await lockerKeybox(tx, request, new Date(request.server.clock.now()));
        await tx
          .update(kboxKeyboxes)
          .set({ status: request.body.status, version: sql`${kboxKeyboxes.version} + 1` })
          .where(and(eq(kboxKeyboxes.id, keybox.id), ne(kboxKeyboxes.status, request.body.status)));
      });
      return reply.status(204).send(null);
    },
  );
}
