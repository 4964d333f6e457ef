import { and, eq } from 'drizzle-orm';
import { checkAdvice, normalizePlate, type AdviceStatus, type VisitEquipment } from '@strazce/contract';
import type { Db } from '../../db/database';
import type { ChildList, CrudHooks, Row } from '../../platform/crud';
import { AppError } from '../../platform/errors';
import { sessionOf } from '../../platform/guard';
import { formatDay } from '../../platform/siteTime';
import { users, persons, sites } from '../../platform/platform.tables';
import { queueEmail } from '../messaging/outbox';
import { adviceEquipment, advices } from './visit.tables';

export type AdviceRow = typeof advices.$inferSelect;

/**
 * May this advice be turned into a visit on `day` (the site's today, siteToday): approved, and the day within
 * its day(s), not yet used once.
 */
export function usableToday(advice: AdviceRow, day: string): boolean {
  if (advice.status !== 'APPROVED') return false;
  if (advice.oneTimeDate) return advice.oneTimeDate === day && !advice.oneTimeClosed;
  return !!advice.validFrom && !!advice.validTo && advice.validFrom <= day && day <= advice.validTo;
}

/**
 * Hooks shared by the manager and the requester's view: the date rules of spec section 5, the derived
 * last usable day, the requester and PENDING status on create, and equipment. `ownRequests` limits
 * changes to advices still PENDING (a requester cannot edit an answered request).
 */
/** An advice's equipment, returned in the record (read by the advice's own select). */
export const adviceChildren: Record<string, ChildList> = {
  equipment: {
    table: adviceEquipment,
    owner: adviceEquipment.adviceId,
    orderBy: adviceEquipment.id,
    columns: {
      id: adviceEquipment.id,
      object: adviceEquipment.object,
      serialNumber: adviceEquipment.serialNumber,
    },
  },
};

export function adviceHooks(options: { ownRequests: boolean }): CrudHooks {
  return {
    async beforeWrite(values, _input, ctx, existing) {
      const merged = { ...existing, ...values } as Row;
      if (existing && options.ownRequests && existing.status !== 'PENDING')
        throw new AppError('ADVICE_ANSWERED', 'The advice was already answered');
      // Days already past are refused by the CRUD machinery (the fields' `notPast`).
      const problems = checkAdvice({
        oneTimeDate: merged.oneTimeDate as string | null,
        validFrom: merged.validFrom as string | null,
        validTo: merged.validTo as string | null,
        allowVehicle: merged.allowVehicle as boolean,
        vehiclePlate: merged.vehiclePlate as string | null,
      });
      if (problems.length > 0) throw new AppError('VALIDATION', 'Validation failed', problems);
      values.activeUntil = (merged.oneTimeDate ?? merged.validTo) as string;
      if (merged.oneTimeDate) {
        values.validFrom = null;
        values.validTo = null;
      }
      if (!merged.allowVehicle) {
        values.vehiclePlate = null;
        values.vehicleReason = null;
      } else if (values.vehiclePlate) values.vehiclePlate = normalizePlate(String(values.vehiclePlate));
      if (!existing) {
        values.status = 'PENDING';
        values.requestUserId = sessionOf(ctx.request).userId;
      }
    },
    async afterWrite(id, input, ctx) {
      const equipment = input.equipment as VisitEquipment[] | undefined;
      if (equipment === undefined) return;
      await ctx.tx.delete(adviceEquipment).where(eq(adviceEquipment.adviceId, id));
      if (equipment.length > 0)
        await ctx.tx.insert(adviceEquipment).values(
          equipment.map((item) => ({
            siteId: ctx.siteId!,
            adviceId: id,
            object: item.object,
            serialNumber: item.serialNumber || null,
          })),
        );
    },
    async beforeDelete(existing) {
      if (options.ownRequests && existing.status !== 'PENDING')
        throw new AppError('ADVICE_ANSWERED', 'The advice was already answered');
    },
  };
}

function responseEmail(
  siteName: string,
  advice: AdviceRow,
  status: AdviceStatus,
  reason: string | null,
): { subject: string; body: string } {
  const visitor = `${advice.firstName} ${advice.lastName}`;
  const days = advice.oneTimeDate
    ? formatDay(advice.oneTimeDate)
    : `${formatDay(advice.validFrom ?? '')} – ${formatDay(advice.validTo ?? '')}`;
  const approved = status === 'APPROVED';
  return {
    subject: `${approved ? 'Ohlášení návštěvy schváleno' : 'Ohlášení návštěvy zamítnuto'} / Visit advice ${
      approved ? 'approved' : 'rejected'
    }: ${visitor}`,
    body: [
      `Dobrý den,`,
      ``,
      `vaše ohlášení návštěvy ${visitor} (${days}) v areálu ${siteName} bylo ${approved ? 'schváleno' : 'zamítnuto'}.`,
      ...(reason ? [`Důvod: ${reason}`] : []),
      ``,
      `---`,
      ``,
      `Hello,`,
      ``,
      `your advice of the visit of ${visitor} (${days}) at ${siteName} was ${approved ? 'approved' : 'rejected'}.`,
      ...(reason ? [`Reason: ${reason}`] : []),
    ].join('\n'),
  };
}

/**
 * A response: APPROVED, or REJECTED with a reason; the requester is told by e-mail (outbox). A one-time
 * advice already used for a visit cannot be answered again.
 */
export async function respondToAdvice(
  tx: Db,
  siteId: number,
  responderId: number,
  input: { id: number; status: 'APPROVED' | 'REJECTED'; reason?: string | null },
  now: Date,
): Promise<void> {
  const [advice] = await tx
    .select()
    .from(advices)
    .where(and(eq(advices.id, input.id), eq(advices.siteId, siteId)))
    .for('update');
  if (!advice) throw new AppError('NOT_FOUND', 'Advice not found');
  if (advice.oneTimeClosed) throw new AppError('ADVICE_NOT_USABLE', 'The advice was already used');
  const reason = input.reason || null;
  await tx
    .update(advices)
    .set({
      status: input.status,
      responseReason: reason,
      responseDate: now,
      responseUserId: responderId,
      version: advice.version + 1,
      updatedAt: now,
    })
    .where(eq(advices.id, advice.id));
  if (advice.requestUserId === null) return;
  const [requester] = await tx
    .select({ email: persons.email, siteName: sites.name })
    .from(users)
    .innerJoin(persons, eq(persons.id, users.personId))
    .innerJoin(sites, eq(sites.id, siteId))
    .where(eq(users.id, advice.requestUserId));
  if (!requester?.email) return;
  await queueEmail(tx, {
    siteId,
    recipient: requester.email,
    ...responseEmail(requester.siteName, advice, input.status, reason),
  });
}
