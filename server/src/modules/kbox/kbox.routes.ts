import { randomUUID } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  HEADERS,
  KBOX_DIRECTIONS,
  KBOX_WRITE,
  idParamsSchema,
  kboxContent,
  kboxFiguresQuerySchema,
  kboxFiguresSchema,
  kboxKeybox,
  kboxMessage,
  kboxOperation,
  kboxOperator,
  kboxWorkflow,
  kboxWorkflowProblems,
  type ListQuery,
} from '@strazce/contract';
import type { Db } from '../../db/database';
import { crudRoutes, sendJson, type CrudContext, type Row } from '../../platform/crud';
import { csvLanguageOf, sendCsv } from '../../platform/csv';
import { AppError, validationError } from '../../platform/errors';
import { currentSiteId } from '../../platform/guard';
import type { LoginLimiter } from '../../platform/loginLimiter';
import { registerRefTarget } from '../../platform/refs';
import { hashPassword } from '../../platform/secrets';
import { siteTimeZone } from '../../platform/siteTime';
import { terminalRecordRoutes } from '../../platform/terminalRecords';
import { resendMessage, returnContent } from './kbox.content';
import { keyboxFigures, toFiguresCsv } from './kbox.figures';
import { registerLockerRoutes } from './kbox.locker';
import { notifyContent } from './kbox.notify';
import {
  kboxContents,
  kboxKeyboxes,
  kboxMessages,
  kboxOperations,
  kboxOperators,
  kboxWorkflows,
} from './kbox.tables';
import { NO_BODY } from '../../platform/requestBody';

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
    // The incoming and outgoing lists.
    scopes: Object.fromEntries(
      KBOX_DIRECTIONS.map((direction) => [direction, { where: eq(kboxContents.direction, direction) }]),
    ),
    hooks: {
      beforeWrite: contentValues,
      // A recorded content (a create, not an update): the `stored` notification.
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
        const { json, total } = await contents.scopeJson(
          direction,
          request.query as ListQuery,
          currentSiteId(request),
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
        body: NO_BODY,
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
      await db.transaction((tx) => returnContent(tx, siteId, request.params.id, clock()));
      return contents.get(request.params.id, siteId, undefined, request);
    },
  );

  typed.post(
    '/api/kbox/message/:id/resend',
    {
      config: { access: { roles: KBOX_WRITE, module: MODULE } },
      schema: {
        body: NO_BODY,
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
      await db.transaction((tx) => resendMessage(tx, siteId, request.params.id, clock()));
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
