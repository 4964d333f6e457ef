import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParamsSchema,
  type Entity,
  type Fields,
  type InternalRole,
  type ModuleCode,
} from '@strazce/contract';
import type { Db } from '../db/database';
import { clients } from './platform.tables';
import { auditRecord } from './audit';
import {
  crudRoutes,
  type CrudContext,
  type CrudHooks,
  type CrudOptions,
  type CrudRepository,
  type CrudTable,
  type Row,
} from './crud';
import { notFound } from './errors';
import { currentSiteId, sessionOf } from './guard';
import { hashToken, newToken } from './secrets';
import { NO_BODY } from './requestBody';

/** How long a token handed out on a record's create or by "new token" works. */
export const TERMINAL_AUTHORIZATION_DAYS = 365;

/** Added to a terminal's record in the answer of a create or a new token: the token, shown once. */
export const terminalTokenExtension = { token: z.string().optional() };

/** The end of a token's authorization issued at `now` (the app's clock, milliseconds). */
export function authorizedUntil(now: number): Date {
  return new Date(now + TERMINAL_AUTHORIZATION_DAYS * 86_400_000);
}

/**
 * A machine terminal (`system_client` with an internal role, on a site) authorized for a year with a fresh
 * token (stored only as a hash): what creating a device record (a patrol terminal, a keybox) makes, also for
 * the demo data. The token is returned to be handed out once.
 */
export async function authorizeMachineClient(
  tx: Db,
  terminal: { siteId: number; name: string; role: InternalRole },
  /** The app's clock at the request; the demo seed's: the moment it runs. */
  // eslint-disable-next-line no-restricted-syntax -- the demo seed runs at the machine's now, as its data
  now: number = Date.now(),
): Promise<{ id: number; token: string }> {
  const token = newToken();
  const [client] = await tx
    .insert(clients)
    .values({
      name: terminal.name.slice(0, 100),
      tokenHash: hashToken(token),
      authorized: true,
      expires: authorizedUntil(now),
      internalRole: terminal.role,
      siteId: terminal.siteId,
    })
    .returning({ id: clients.id });
  return { id: client.id, token };
}

/**
 * A new token of an existing client, authorized (and valid) again for a year; its old token stops working.
 * Null when there is no such client.
 */
export async function renewClientToken(tx: Db, clientId: number, now: number): Promise<string | null> {
  const token = newToken();
  const [renewed] = await tx
    .update(clients)
    .set({ tokenHash: hashToken(token), authorized: true, valid: true, expires: authorizedUntil(now) })
    .where(eq(clients.id, clientId))
    .returning({ id: clients.id });
  return renewed ? token : null;
}

/**
 * The client's token stops working (its next call answers 401); the client stays on /admin/clients,
 * unauthorized. `retire`: its device is gone, the client is no longer valid either.
 */
export async function revokeClient(tx: Db, clientId: number, retire = false): Promise<void> {
  await tx
    .update(clients)
    .set({ tokenHash: null, authorized: false, ...(retire ? { valid: false } : {}) })
    .where(eq(clients.id, clientId));
}

/** How the records of one entity hold their terminal (see `terminalTokenRoutes`). */
export interface TerminalTokenOptions<F extends Fields> extends Pick<CrudOptions<F>, 'entity' | 'links'> {
  table: CrudTable;
  module?: ModuleCode;
  tags: string[];
  /** The entity's own hooks; the token's handling runs after its `beforeWrite`. */
  hooks?: CrudHooks;
  /** Authorizes the terminal of a record being created (sets its column values): its token. */
  authorizeNew(values: Row, ctx: CrudContext): Promise<string>;
  /** The `system_client` behind a stored record, null when it has none. */
  clientOf(row: Row): number | null;
  /** Gives a stored record without a client (or whose client is gone) a new one: its token. */
  attachClient?(row: Row, ctx: CrudContext): Promise<string>;
}

/**
 * The one way a terminal gets, renews and loses its token (docs/terminals.md), for the clients on
 * /admin/clients (the record is the client) and for devices with a record of their own (patrol terminals,
 * keyboxes): the CRUD routes of the entity, whose create authorizes the terminal and answers its token once
 * (`token`), plus `POST /api/<resource>/:id/token` (a new token; the old one stops working) and
 * `POST /api/<resource>/:id/revoke` (the token stops working). Only the token's hash is stored.
 */
export function terminalTokenRoutes<F extends Fields>(
  app: FastifyInstance,
  db: Db,
  options: TerminalTokenOptions<F>,
): CrudRepository {
  const { entity, table } = options;
  const own = options.hooks ?? {};
  const typed = app.withTypeProvider<ZodTypeProvider>();
  /** Tokens handed out by this request (create, new token): added to the answer once, never stored. */
  const issued = new WeakMap<FastifyRequest, string>();
  const recordWithToken = (entity.schemas.record as unknown as z.ZodObject).extend(terminalTokenExtension);

  const repository = crudRoutes(app, db, {
    entity,
    table,
    links: options.links,
    recordExtension: terminalTokenExtension,
    hooks: {
      ...own,
      async beforeWrite(values, input, ctx, existing) {
        await own.beforeWrite?.(values, input, ctx, existing);
        if (!existing) issued.set(ctx.request, await options.authorizeNew(values, ctx));
      },
      async decorate(records, database, request) {
        await own.decorate?.(records, database, request);
        const token = request && issued.get(request);
        if (token) for (const record of records) record.token = token;
      },
      decorates: (request) =>
        (own.decorate !== undefined && own.decorates?.(request) !== false) ||
        (request !== undefined && issued.has(request)),
    },
  });

  /** One of the entity's records in a transaction of its own, with the site of the caller. */
  const onRecord = async (
    request: FastifyRequest,
    id: number,
    work: (existing: Row, ctx: CrudContext) => Promise<void>,
  ) => {
    sessionOf(request);
    const siteId = entity.scope === 'site' ? currentSiteId(request) : null;
    await db.transaction(async (transaction) => {
      const ctx = { request, tx: transaction, siteId } satisfies CrudContext;
      const existing = await repository.findRow(id, ctx);
      if (!existing) throw notFound();
      await work(existing, ctx);
    });
    return repository.get(id, siteId, undefined, request);
  };
  const access = { roles: entity.write, module: options.module };

  typed.post(
    `/api/${entity.resource}/:id/token`,
    {
      config: { access },
      schema: {
        body: NO_BODY,
        tags: options.tags,
        description:
          'A new token of the terminal (its old one stops working; authorized for a year): in the answer once, as `token`.',
        params: idParamsSchema,
        response: { 200: recordWithToken },
      },
    },
    (request) =>
      onRecord(request, request.params.id, async (existing, ctx) => {
        const clientId = options.clientOf(existing);
        const token =
          (clientId !== null ? await renewClientToken(ctx.tx, clientId, app.clock.now()) : null) ??
          (await options.attachClient?.(existing, ctx));
        if (!token) throw notFound();
        issued.set(request, token);
        auditRecord(request, {
          entity: entity.resource,
          recordId: request.params.id,
          siteId: ctx.siteId,
          changes: { token: { from: '***', to: '***' } },
        });
      }),
  );

  typed.post(
    `/api/${entity.resource}/:id/revoke`,
    {
      config: { access },
      schema: {
        body: NO_BODY,
        tags: options.tags,
        description: 'Revokes the terminal’s token: its next call answers 401 until a new token is issued.',
        params: idParamsSchema,
        response: { 200: recordWithToken },
      },
    },
    (request) =>
      onRecord(request, request.params.id, async (existing, ctx) => {
        const clientId = options.clientOf(existing);
        if (clientId !== null) await revokeClient(ctx.tx, clientId);
        auditRecord(request, {
          entity: entity.resource,
          recordId: request.params.id,
          siteId: ctx.siteId,
          changes: { token: { from: '***', to: null } },
        });
      }),
  );
  return repository;
}

/** A device table: its record names its machine terminal (`clientId`) and carries a `uuid`. */
type DeviceTable = CrudTable & { clientId: PgColumn; uuid: PgColumn };

/**
 * The routes of a device that calls the API as a machine terminal of `role` (`terminalTokenRoutes`): creating
 * a record gives it a uuid and authorizes its terminal on the current site; deleting it retires the terminal.
 */
export function terminalRecordRoutes<F extends Fields>(
  app: FastifyInstance,
  db: Db,
  options: {
    entity: Entity<F>;
    table: DeviceTable;
    role: InternalRole;
    module: ModuleCode;
    tags: string[];
  },
): CrudRepository {
  const { table, role } = options;
  const authorize = (ctx: CrudContext, name: unknown) =>
    authorizeMachineClient(ctx.tx, { siteId: ctx.siteId!, name: String(name), role }, app.clock.now());
  return terminalTokenRoutes(app, db, {
    ...options,
    hooks: {
      async beforeDelete(existing, ctx) {
        if (existing.clientId) await revokeClient(ctx.tx, existing.clientId as number, true);
      },
    },
    async authorizeNew(values, ctx) {
      values.uuid = randomUUID();
      const client = await authorize(ctx, values.name);
      values.clientId = client.id;
      return client.token;
    },
    clientOf: (row) => (row.clientId as number | null) ?? null,
    async attachClient(row, ctx) {
      const client = await authorize(ctx, row.name);
      await ctx.tx
        .update(table)
        .set({
          clientId: client.id,
          version: sql`${table.version} + 1`,
          updatedAt: new Date(ctx.request.server.clock.now()),
        } as never)
        .where(eq(table.id, row.id as number));
      return client.token;
    },
  });
}
