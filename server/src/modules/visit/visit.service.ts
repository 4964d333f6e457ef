import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  VISIT_PERSONAL_FIELDS,
  splitEmails,
  type ErrorDetail,
  type VisitEquipment,
  normalizePlate,
} from '@strazce/contract';
import type { Db } from '../../db/database';
import type { ChildList, CrudContext, CrudHooks, Row } from '../../platform/crud';
import { AppError, notFound, validationError } from '../../platform/errors';
import { seesPersonalData } from '../../platform/personalData';
import { queueEmail } from '../messaging/outbox';
import { sites } from '../../platform/platform.tables';
import { gates } from '../site/site.tables';
import { prepareSignatureIfAvailable, retitleSigned } from '../signature/signature.service';
import {
  checkGate,
  departureValues,
  isUntracedDeparture,
  movementChildren,
  recordGateMovement,
  sameNames,
  writeCompanions,
} from '../site/movement';
import { formatSiteDateTime, siteTimeZone } from '../../platform/siteTime';
import {
  askGovernmentFirst as askBlacklistGovernmentFirst,
  screenEntry,
  type BlacklistSubject,
  type GovernmentBlacklistProvider,
  type InternalHit,
} from '../blacklist/blacklist';
import {
  visitBlacklistHits,
  visitCards,
  visitCompanions,
  visitEquipment,
  visitPurposes,
  visitedPersons,
  visits,
} from './visit.tables';
import { takeMovementTime } from '../../platform/clientTime';

export type VisitRow = typeof visits.$inferSelect;

export { seesPersonalData };

/** A visit's companions (who came with the visitor). */
export const VISIT_COMPANIONS = {
  table: visitCompanions,
  owner: visitCompanions.visitId,
  ownerKey: 'visitId',
};

/** A visit's companions, blacklist hits and equipment, returned in the record (read by the visit's own select). */
export const visitChildren: Record<string, ChildList> = {
  ...movementChildren(VISIT_COMPANIONS, { table: visitBlacklistHits, owner: visitBlacklistHits.visitId }),
  equipment: {
    table: visitEquipment,
    owner: visitEquipment.visitId,
    orderBy: visitEquipment.id,
    columns: {
      id: visitEquipment.id,
      object: visitEquipment.object,
      serialNumber: visitEquipment.serialNumber,
    },
  },
};

/** Removes the personal data of a visit (its rows: the entry and its departure) and its companions. */
export async function anonymizeVisit(tx: Db, siteId: number, entryId: number, at: Date): Promise<void> {
  await tx
    .update(visits)
    .set({
      firstName: null,
      lastName: null,
      documentTypeId: null,
      documentNumber: null,
      vehiclePlate: null,
      anonymized: true,
      version: sql`${visits.version} + 1`,
      updatedAt: at,
    })
    .where(and(eq(visits.siteId, siteId), or(eq(visits.id, entryId), eq(visits.entryId, entryId))));
  await tx.delete(visitCompanions).where(eq(visitCompanions.visitId, entryId));
  // The copies to sign keep the purpose's name as their title, not the visitor's.
  const [entry] = await tx
    .select({ purpose: visitPurposes.name })
    .from(visits)
    .innerJoin(visitPurposes, eq(visitPurposes.id, visits.purposeId))
    .where(eq(visits.id, entryId));
  if (entry) await retitleSigned(tx, siteId, { module: 'MOD_VISIT', id: entryId }, entry.purpose);
  // The hits stay (which list, the reason), without the personal value they matched.
  await tx.update(visitBlacklistHits).set({ value: null }).where(eq(visitBlacklistHits.visitId, entryId));
}

async function purposeOf(tx: Db, siteId: number, purposeId: number) {
  const [purpose] = await tx
    .select()
    .from(visitPurposes)
    .where(and(eq(visitPurposes.id, purposeId), eq(visitPurposes.siteId, siteId)));
  if (!purpose) throw validationError('purpose', 'validation.ref');
  return purpose;
}

async function writeChildren(tx: Db, siteId: number, visitId: number, input: Row): Promise<void> {
  await writeCompanions(tx, VISIT_COMPANIONS, siteId, visitId, input);
  const equipment = input.equipment as VisitEquipment[] | undefined;
  if (equipment !== undefined) {
    await tx.delete(visitEquipment).where(eq(visitEquipment.visitId, visitId));
    if (equipment.length > 0)
      await tx.insert(visitEquipment).values(
        equipment.map((item) => ({
          siteId,
          visitId,
          object: item.object,
          serialNumber: item.serialNumber || null,
        })),
      );
  }
}

function entryNotification(
  siteName: string,
  gateName: string,
  purposeName: string,
  visit: Row,
  timeZone: string,
): { subject: string; body: string } {
  const visitor = [visit.firstName, visit.lastName].filter(Boolean).join(' ');
  const visited = [visit.visitedFirstName, visit.visitedLastName].filter(Boolean).join(' ') || '—';
  const company = (visit.company as string | null) ?? '—';
  // The site's local time as the UI shows it (DD.MM.YYYY HH:mm:ss), the same in both languages.
  const time = formatSiteDateTime(visit.movementTime as Date, timeZone);
  return {
    subject: `Návštěva / Visit: ${visitor}`,
    body: [
      `Dobrý den,`,
      ``,
      `v areálu ${siteName} byl zapsán vstup návštěvy.`,
      `Návštěvník: ${visitor}, firma: ${company}`,
      `Navštívená osoba: ${visited}`,
      `Účel: ${purposeName}, brána: ${gateName}, čas: ${time}`,
      ``,
      `---`,
      ``,
      `Hello,`,
      ``,
      `a visitor entered the site ${siteName}.`,
      `Visitor: ${visitor}, company: ${company}`,
      `Visited person: ${visited}`,
      `Purpose: ${purposeName}, gate: ${gateName}, time: ${time}`,
    ].join('\n'),
  };
}

/** Is a person with these names (and, when both sides have one, this document) in the area already? */
async function personInArea(tx: Db, siteId: number, values: Row, excludeId?: number): Promise<boolean> {
  const documentNumber = (values.documentNumber as string | null | undefined) ?? null;
  const rows = await tx
    .select({ id: visits.id })
    .from(visits)
    .where(
      and(
        eq(visits.siteId, siteId),
        eq(visits.inArea, true),
        sameNames(visits.firstName, visits.lastName, values.firstName as string, values.lastName as string),
        documentNumber === null
          ? undefined
          : or(
              isNull(visits.documentNumber),
              sql`upper(${visits.documentNumber}) = upper(${documentNumber})`,
            ),
        excludeId === undefined ? undefined : sql`${visits.id} <> ${excludeId}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The valid card of the site with this code, or 'Card does not exist'. */
export async function cardByCode(db: Db, siteId: number, code: string) {
  const [card] = await db
    .select()
    .from(visitCards)
    .where(and(eq(visitCards.siteId, siteId), eq(visitCards.code, code), eq(visitCards.valid, true)));
  if (!card) throw new AppError('CARD_NOT_FOUND', 'Card does not exist');
  return card;
}

/** Who the blacklists are checked for at a visit's entry: the visitor and the vehicle plate (upper case). */
const subjectOf = (values: Row): BlacklistSubject => {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
  const documentTypeId = values.documentTypeId ?? values.documentType;
  return {
    person: {
      firstName: text(values.firstName),
      lastName: text(values.lastName),
      documentTypeId: typeof documentTypeId === 'number' ? documentTypeId : null,
      documentNumber: text(values.documentNumber),
    },
    plate: text(values.vehiclePlate) ? normalizePlate(text(values.vehiclePlate)!) : null,
  };
};

/**
 * Asks the government register about the visitor of an entry before the entry's transaction begins, so that
 * no database connection waits for the provider; the entry's hook takes the answer when its visitor is
 * the same (else it asks itself). `input`: the entry's body (names, document number, vehicle plate).
 */
export async function askGovernmentFirst(
  request: FastifyRequest,
  government: GovernmentBlacklistProvider,
  input: Row,
): Promise<void> {
  const subject = subjectOf(input);
  if (!subject.person?.firstName || !subject.person.lastName) return;
  await askBlacklistGovernmentFirst(request, government, subject);
}

interface PendingMovement {
  kind: 'entry' | 'departure';
  movementTime: Date;
  gateId: number;
  purposeId: number;
  /** The blacklist hits of an entry, stored with it. */
  hits: InternalHit[];
}

const VISIT_WARNING = {
  hit: 'The visitor is on a blacklist',
  inArea: 'The person is already in the area',
};

/**
 * The hooks of the visit entity: a create is an entry ('Zapsat vstup') — card, in-area and blacklist checks,
 * gate movement, notification e-mails — or, when marked, an untraced departure; an update may change the
 * recorded details but not the movement itself.
 */
export function visitHooks(government: GovernmentBlacklistProvider): CrudHooks {
  const pending = new WeakMap<Row, PendingMovement>();

  return {
    async beforeWrite(values, input, ctx, existing) {
      const siteId = ctx.siteId!;
      await takeMovementTime(values, ctx, existing);
      if (values.vehiclePlate) values.vehiclePlate = normalizePlate(String(values.vehiclePlate));
      await fillVisited(ctx.tx, siteId, values);
      if (existing) {
        // A caller who sees personal data only masked must not write it either (the mask would overwrite it).
        if (!seesPersonalData(ctx.request)) {
          const personal = [...VISIT_PERSONAL_FIELDS, 'companions'].filter(
            (field) => input[field] !== undefined,
          );
          if (personal.length > 0) {
            throw new AppError(
              'PERSONAL_DATA_REQUIRED',
              `Changing ${personal.join(', ')} needs VIEW_PERSONAL_INFO`,
            );
          }
        }
        const merged = { ...existing, ...values };
        if (!existing.anonymized && (!merged.firstName || !merged.lastName)) throw requiredNames(merged);
        return;
      }
      if (!values.firstName || !values.lastName) throw requiredNames(values);
      const movementTime =
        (values.movementTime as Date | undefined) ?? new Date(ctx.request.server.clock.now());
      values.movementTime = movementTime;
      const departure = isUntracedDeparture(input);
      pending.set(input, {
        kind: departure ? 'departure' : 'entry',
        movementTime,
        gateId: values.gateId as number,
        purposeId: values.purposeId as number,
        hits: [],
      });
      if (departure) {
        Object.assign(values, { direction: 'OUT', inArea: false, departed: true });
        return;
      }
      Object.assign(values, { direction: 'IN', inArea: true, departed: false });
      if (typeof input.adviceId === 'number') values.adviceId = input.adviceId;

      if (values.tag) {
        await cardByCode(ctx.tx, siteId, String(values.tag));
        const [holder] = await ctx.tx
          .select({ id: visits.id })
          .from(visits)
          .where(and(eq(visits.siteId, siteId), eq(visits.inArea, true), eq(visits.tag, String(values.tag))))
          .limit(1);
        if (holder) throw validationError('tag', 'validation.cardInUse');
      }
      const inArea = await personInArea(ctx.tx, siteId, values);
      const { markers, hits } = await screenEntry(
        ctx,
        government,
        subjectOf(values),
        input,
        inArea ? ['inArea'] : [],
        VISIT_WARNING,
      );
      Object.assign(values, markers);
      pending.get(input)!.hits = hits;
    },

    async afterWrite(id, input, ctx) {
      const siteId = ctx.siteId!;
      await writeChildren(ctx.tx, siteId, id, input);
      const movement = pending.get(input);
      if (!movement) return;
      pending.delete(input);
      const direction = movement.kind === 'entry' ? 'IN' : 'OUT';
      await recordGateMovement(ctx.tx, siteId, movement.gateId, direction, movement.movementTime);
      if (movement.hits.length > 0)
        await ctx.tx
          .insert(visitBlacklistHits)
          .values(movement.hits.map((hit) => ({ ...hit, siteId, visitId: id })));
      const purpose = await purposeOf(ctx.tx, siteId, movement.purposeId);
      const visitor = { firstName: input.firstName, lastName: input.lastName };
      if (movement.kind === 'departure') {
        await visitSignature(
          ctx.tx,
          siteId,
          purpose,
          'leave',
          id,
          visitor,
          new Date(ctx.request.server.clock.now()),
        );
        if (purpose.anonymize)
          await anonymizeVisit(ctx.tx, siteId, id, new Date(ctx.request.server.clock.now()));
        return;
      }
      await notifyEntry(ctx, id, purpose);
      await visitSignature(
        ctx.tx,
        siteId,
        purpose,
        'entry',
        id,
        visitor,
        new Date(ctx.request.server.clock.now()),
      );
    },
  };
}

/**
 * The purpose's entry or leave document to be signed by the visitor (docs/signatures.md): a copy prepared for
 * the reception tablet, belonging to the visit's entry (MOD_VISIT and its id), titled with the purpose and
 * the visitor's name. Nothing when the purpose names no such document or signatures are not in use.
 */
async function visitSignature(
  tx: Db,
  siteId: number,
  purpose: typeof visitPurposes.$inferSelect,
  moment: 'entry' | 'leave',
  visitId: number,
  visitor: { firstName?: unknown; lastName?: unknown },
  now: Date,
): Promise<void> {
  const documentId = moment === 'entry' ? purpose.entryDocumentId : purpose.leaveDocumentId;
  if (!documentId) return;
  const name = [visitor.lastName, visitor.firstName].filter((part) => typeof part === 'string').join(' ');
  await prepareSignatureIfAvailable(
    tx,
    { siteId, documentId, title: `${purpose.name}: ${name}`, source: { module: 'MOD_VISIT', id: visitId } },
    now,
  );
}

function requiredNames(values: Row): AppError {
  const details: ErrorDetail[] = [];
  if (!values.firstName) details.push({ path: 'firstName', message: 'validation.required' });
  if (!values.lastName) details.push({ path: 'lastName', message: 'validation.required' });
  return new AppError('VALIDATION', 'Validation failed', details);
}

/** A visited person picked from the list fills the visited names and company left empty. */
async function fillVisited(tx: Db, siteId: number, values: Row): Promise<void> {
  if (typeof values.visitedId !== 'number') return;
  const [visited] = await tx
    .select()
    .from(visitedPersons)
    .where(and(eq(visitedPersons.id, values.visitedId), eq(visitedPersons.siteId, siteId)));
  if (!visited) return;
  values.visitedFirstName ??= visited.firstName;
  values.visitedLastName ??= visited.lastName;
  values.visitedCompany ??= visited.company;
}

async function notifyEntry(
  ctx: CrudContext,
  visitId: number,
  purpose: typeof visitPurposes.$inferSelect,
): Promise<void> {
  const recipients = splitEmails(purpose.notificationEmails);
  if (recipients.length === 0) return;
  const siteId = ctx.siteId!;
  const [row] = await ctx.tx
    .select({ visit: visits, siteName: sites.name, gateName: gates.name })
    .from(visits)
    .innerJoin(sites, eq(sites.id, visits.siteId))
    .innerJoin(gates, eq(gates.id, visits.gateId))
    .where(eq(visits.id, visitId));
  const timeZone = await siteTimeZone(ctx.tx, siteId);
  const message = entryNotification(
    row.siteName,
    row.gateName,
    purpose.name,
    row.visit as unknown as Row,
    timeZone,
  );
  for (const recipient of recipients) await queueEmail(ctx.tx, { siteId, recipient, ...message });
}

/** An entry of the site still in the area, locked for the change. */
async function entryInArea(tx: Db, siteId: number, id: number): Promise<VisitRow> {
  const [entry] = await tx
    .select()
    .from(visits)
    .where(and(eq(visits.id, id), eq(visits.siteId, siteId), eq(visits.direction, 'IN')))
    .for('update');
  if (!entry) throw notFound('Visit');
  if (!entry.inArea) throw new AppError('NOT_IN_AREA', 'The visitor is not in the area');
  return entry;
}

/** 'Zapsat odchod': a departure row for the entry, which leaves the area; anonymized when the purpose says so. */
export async function recordLeave(
  tx: Db,
  siteId: number,
  entryId: number,
  input: { gate: number; movementTime?: string; note?: string | null },
  now: Date,
): Promise<number> {
  const entry = await entryInArea(tx, siteId, entryId);
  await checkGate(tx, siteId, input.gate);
  const time = input.movementTime ? new Date(input.movementTime) : now;
  const [departure] = await tx
    .insert(visits)
    .values(departureValues(entry, input, time))
    .returning({ id: visits.id });
  await tx
    .update(visits)
    .set({
      inArea: false,
      departed: true,
      departureTime: time,
      version: sql`${visits.version} + 1`,
      updatedAt: now,
    })
    .where(eq(visits.id, entry.id));
  await recordGateMovement(tx, siteId, input.gate, 'OUT', time);
  const purpose = await purposeOf(tx, siteId, entry.purposeId);
  await visitSignature(tx, siteId, purpose, 'leave', entry.id, entry, now);
  if (purpose.anonymize) await anonymizeVisit(tx, siteId, entry.id, now);
  return departure.id;
}

/** 'Odepsat bez odchodu': the entry leaves the area without a departure (no gate passage). */
export async function writeOff(
  tx: Db,
  siteId: number,
  entryId: number,
  note: string | null | undefined,
  now: Date,
): Promise<void> {
  const entry = await entryInArea(tx, siteId, entryId);
  await tx
    .update(visits)
    .set({
      inArea: false,
      departureTime: now,
      note: note ?? entry.note,
      version: sql`${visits.version} + 1`,
      updatedAt: now,
    })
    .where(eq(visits.id, entry.id));
  const purpose = await purposeOf(tx, siteId, entry.purposeId);
  if (purpose.anonymize) await anonymizeVisit(tx, siteId, entry.id, now);
}
