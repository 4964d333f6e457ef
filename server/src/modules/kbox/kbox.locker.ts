import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  kboxContent,
  kboxDepositSchema,
  kboxLockerAnswerSchema,
  kboxOperation,
  kboxPickUpSchema,
  kboxServiceSchema,
  kboxStatusSchema,
  type KboxLockerAnswer,
} from '@strazce/contract';
import type { Db } from '../../db/database';
import { auditRecord } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { terminalAccess } from '../../platform/guard';
import type { LoginLimiter } from '../../platform/loginLimiter';
import { verifyPassword } from '../../platform/secrets';
import { queueEmail } from '../messaging/outbox';
import { terminalOf } from '../../platform/terminal';
import {
  depositContent,
  pickUpContent,
  recordService,
  repeatedOperation,
  type LockerKeybox,
} from './kbox.content';
import { kboxKeyboxes, kboxOperators } from './kbox.tables';

const LOCKER = terminalAccess('KBOX_TERMINAL', 'MOD_KBOX');

const isWrongPin = (error: unknown) => error instanceof AppError && error.code === 'PIN_INVALID';

/**
 * Tells the keybox's administrator (`notification`) that its keypad saw a burst of wrong operator PINs: someone
 * may be trying the PIN space with a stolen keybox token (the refusals themselves are audited as DENIED).
 */
async function reportServicePinBurst(
  db: Db,
  clientId: number,
  siteId: number,
  failures: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [keybox] = await tx
      .select({ id: kboxKeyboxes.id, name: kboxKeyboxes.name, notification: kboxKeyboxes.notification })
      .from(kboxKeyboxes)
      .where(and(eq(kboxKeyboxes.clientId, clientId), eq(kboxKeyboxes.siteId, siteId)));
    if (!keybox?.notification) return;
    await queueEmail(tx, {
      recipient: keybox.notification,
      siteId,
      subject: `Výdejní box ${keybox.name}: opakovaně chybný PIN obsluhy / Keybox ${keybox.name}: repeated wrong operator PINs`,
      body:
        `Na výdejním boxu ${keybox.name} bylo zadáno ${failures} chybných PINů obsluhy za sebou. Další pokusy ` +
        `jsou zpomaleny. Pokud to nebyla obsluha, zneplatněte token boxu a prověřte jej.\n\n` +
        `${failures} wrong operator PINs in a row were entered at keybox ${keybox.name}. Further attempts are ` +
        `delayed. If this was not an operator, revoke the keybox's token and have it checked.`,
    });
  });
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
export function registerLockerRoutes(app: FastifyInstance, db: Db, limiter: LoginLimiter): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['kbox'];
  const response = { 200: kboxLockerAnswerSchema };

  /** One operation of a locker in one transaction: the keybox seen, a repeated uuid answered as before. */
  const operation = (
    request: FastifyRequest,
    uuid: string,
    act: (tx: Db, keybox: LockerKeybox, at: Date) => Promise<KboxLockerAnswer>,
  ) =>
    db.transaction(async (tx) => {
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
    (request) =>
      // A wrong PIN counts; an expired or unpaid content's PIN was right, so it takes the attempt back.
      limiter.attempt(
        { scope: 'kboxPickUp', subject: String(terminalOf(request).clientId), address: request.ip },
        () =>
          operation(request, request.body.uuid, (tx, keybox, at) =>
            pickUpContent(tx, keybox, request.body, at),
          ),
        { isFailure: isWrongPin },
      ),
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
    (request) => {
      const terminal = terminalOf(request);
      const burst = limiter.policy('kboxService').accountFree;
      // Throttled per keybox and per operator card; the keybox's administrator hears of a burst of wrong PINs.
      return limiter.attempt(
        {
          scope: 'kboxService',
          subject: String(terminal.clientId),
          address: request.ip,
          extra: [`card:${terminal.siteId}:${request.body.cardNumber}`],
        },
        () =>
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
        {
          isFailure: isWrongPin,
          onFailure: async (failures, bookkeeping) => {
            if (failures === burst)
              await reportServicePinBurst(bookkeeping, terminal.clientId, terminal.siteId, failures);
          },
        },
      );
    },
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
      await db.transaction(async (tx) => {
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
