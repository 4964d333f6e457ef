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
import { clients } from '../modules/system/system.tables';
import { auditRecord } from './audit';
import { crudRoutes, type CrudContext, type CrudRepository, type CrudTable } from './crud';
import { notFound } from './errors';
import { currentSiteId } from './guard';
import { hashToken, newToken } from './secrets';
import { NO_BODY } from './requestBody';

/** How long the token of a machine terminal made with its record works (as one authorized on /admin/clients). */
export const TERMINAL_AUTHORIZATION_DAYS = 365;

/** Added to a device's record in the answer of a create or a new token: the token, shown once. */
export const terminalTokenExtension = { token: z.string().optional() };

function authorizedUntil(): Date {
  return new Date(Date.now() + TERMINAL_AUTHORIZATION_DAYS * 86_400_000);
}

/**
 * A machine terminal (`system_client` with an internal role, on a site) authorized for a year with a fresh
 * token (stored only as a hash): what creating a device record (a patrol terminal, a keybox) makes, also for
 * the demo data. The token is returned to be handed out once.
 */
export async function authorizeMachineClient(
  tx: Db,
  terminal: { siteId: number; name: string; role: InternalRole },
): Promise<{ id: number; token: string }> {
  const token = newToken();
  const [client] = await tx
    .insert(clients)
    .values({
      name: terminal.name.slice(0, 100),
      tokenHash: hashToken(token),
      authorized: true,
      expires: authorizedUntil(),
      internalRole: terminal.role,
      siteId: terminal.siteId,
    })
    .returning({ id: clients.id });
  return { id: client.id, token };
}

/** The client's token stops working; the client stays on /admin/clients, revoked. */
export async function revokeMachineClient(tx: Db, clientId: number): Promise<void> {
  await tx
    .update(clients)
    .set({ tokenHash: null, authorized: false, valid: false })
    .where(eq(clients.id, clientId));
}

/** A device table: its record names its machine terminal (`clientId`) and carries a `uuid`. */
type DeviceTable = CrudTable & { clientId: PgColumn; uuid: PgColumn };

/**
 * The CRUD routes of a device that calls the API as a machine terminal of `role` (docs/terminals.md): creating
 * a record gives it a uuid and authorizes its terminal, whose token is in the answer once (`token`); deleting
 * it revokes the terminal; `POST /api/<resource>/:id/token` hands out a new token (the old one stops working).
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
  const { entity, table, role } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  /** Tokens handed out by this request (create, new token): added to the answer once, never stored. */
  const issued = new WeakMap<FastifyRequest, string>();
  const authorize = async (tx: Db, siteId: number, name: string, request: FastifyRequest) => {
    const client = await authorizeMachineClient(tx, { siteId, name, role });
    issued.set(request, client.token);
    return client.id;
  };

  const repository = crudRoutes(app, db, {
    entity,
    table,
    recordExtension: terminalTokenExtension,
    hooks: {
      async beforeWrite(values, _input, ctx, existing) {
        if (existing) return;
        values.uuid = randomUUID();
        values.clientId = await authorize(ctx.tx, ctx.siteId!, String(values.name), ctx.request);
      },
      async beforeDelete(existing, ctx) {
        if (existing.clientId) await revokeMachineClient(ctx.tx, existing.clientId as number);
      },
      async decorate(records, _db, request) {
        const token = request && issued.get(request);
        if (token) for (const record of records) record.token = token;
      },
      decorates: (request) => request !== undefined && issued.has(request),
    },
  });

  typed.post(
    `/api/${entity.resource}/:id/token`,
    {
      config: { access: { roles: entity.write, module: options.module } },
      schema: {
        body: NO_BODY,
        tags: options.tags,
        description: 'A new token of the device (its old one stops working): in the answer once, as `token`.',
        params: idParamsSchema,
        response: {
          200: (entity.schemas.record as unknown as z.ZodObject).extend(terminalTokenExtension),
        },
      },
    },
    async (request) => {
      const siteId = currentSiteId(request);
      const id = request.params.id;
      await db.transaction(async (transaction) => {
        const ctx = { request, tx: transaction as unknown as Db, siteId } satisfies CrudContext;
        const existing = await repository.findRow(id, ctx);
        if (!existing) throw notFound();
        const token = newToken();
        const clientId = existing.clientId as number | null;
        const [renewed] = clientId
          ? await ctx.tx
              .update(clients)
              .set({ tokenHash: hashToken(token), authorized: true, valid: true, expires: authorizedUntil() })
              .where(eq(clients.id, clientId))
              .returning({ id: clients.id })
          : [];
        if (renewed) issued.set(request, token);
        else {
          const newClient = await authorize(ctx.tx, siteId, String(existing.name), request);
          await ctx.tx
            .update(table)
            .set({ clientId: newClient, version: sql`${table.version} + 1`, updatedAt: new Date() } as never)
            .where(eq(table.id, id));
        }
        auditRecord(request, {
          entity: entity.resource,
          recordId: id,
          siteId,
          changes: { token: { from: '***', to: '***' } },
        });
      });
      return repository.get(id, siteId, undefined, request);
    },
  );
  return repository;
}
