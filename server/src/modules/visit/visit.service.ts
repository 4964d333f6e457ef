import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  MASKED_VALUE,
  VISIT_PERSONAL_FIELDS,
  splitEmails,
  type ErrorDetail,
  type VisitCompanion,
  type VisitEquipment,
} from '@strazce/contract';
import type { Db } from '../../db/database';
import type { ChildList, CrudContext, CrudHooks, Row } from '../../platform/crud';
import { AppError, notFound, validationError } from '../../platform/errors';
import { hasRole } from '../../platform/guard';
import { emails, sites } from '../system/system.tables';
import { gateMovements, gates } from '../site/site.tables';
import { formatSiteDateTime, siteTimeZone } from '../../platform/siteTime';
import {
  checkBlacklists,
  checkGovernment,
  type GovernmentAnswer,
  type GovernmentBlacklistProvider,
} from './visit.blacklist';
import {
  visitCards,
  visitCompanions,
  visitEquipment,
  visitPurposes,
  visitedPersons,
  visits,
} from './visit.tables';

export type VisitRow = typeof visits.$inferSelect;

/** May the caller see visitors' personal data (names, documents, plates, companions)? */
export const seesPersonalData = (request?: FastifyRequest) =>
  request !== undefined && hasRole(request, 'VIEW_PERSONAL_INFO');

/** Replaces personal values of visit records by the mask for callers without VIEW_PERSONAL_INFO. */
export function maskVisitRecords(records: Row[]): void {
  for (const record of records) {
    for (const field of VISIT_PERSONAL_FIELDS) {
      if (field === 'documentType') {
        if (record.documentType) record.documentType = { id: 0, label: MASKED_VALUE };
      } else if (record[field] !== null && record[field] !== undefined) record[field] = MASKED_VALUE;
    }
    if (Array.isArray(record.companions)) {
      record.companions = (record.companions as Row[]).map((companion) => ({
        ...companion,
        name: MASKED_VALUE,
        document: companion.document === null ? null : MASKED_VALUE,
      }));
    }
  }
}

/** Adds companions and equipment to visit records and masks them for the caller. */
/** A visit's companions and equipment, returned in the record (read by the visit's own select). */
export const visitChildren: Record<string, ChildList> = {
  companions: {
    table: visitCompanions,
    owner: visitCompanions.visitId,
    orderBy: visitCompanions.id,
    columns: { id: visitCompanions.id, name: visitCompanions.name, document: visitCompanions.document },
  },
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

/** Masks personal data for a caller without VIEW_PERSONAL_INFO. */
export async function decorateVisits(records: Row[], _db: Db, request?: FastifyRequest): Promise<void> {
  if (!seesPersonalData(request)) maskVisitRecords(records);
}

/** Writes a passage through a gate for the gate-load report. */
export async function recordGateMovement(
  tx: Db,
  siteId: number,
  gateId: number,
  direction: 'IN' | 'OUT',
  time: Date,
): Promise<void> {
  await tx.insert(gateMovements).values({ siteId, gateId, direction, time });
}

/** Removes the personal data of a visit (its rows: the entry and its departure) and its companions. */
export async function anonymizeVisit(tx: Db, siteId: number, entryId: number): Promise<void> {
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
      updatedAt: new Date(),
    })
    .where(and(eq(visits.siteId, siteId), or(eq(visits.id, entryId), eq(visits.entryId, entryId))));
  await tx.delete(visitCompanions).where(eq(visitCompanions.visitId, entryId));
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
  const companions = input.companions as VisitCompanion[] | undefined;
  const equipment = input.equipment as VisitEquipment[] | undefined;
  if (companions !== undefined) {
    await tx.delete(visitCompanions).where(eq(visitCompanions.visitId, visitId));
    if (companions.length > 0)
      await tx.insert(visitCompanions).values(
        companions.map((companion) => ({
          siteId,
          visitId,
          name: companion.name,
          document: companion.document || null,
        })),
      );
  }
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
        sql`lower(${visits.lastName}) = lower(${values.lastName as string})`,
        sql`lower(${visits.firstName}) = lower(${values.firstName as string})`,
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

/** Inputs of `POST /api/visit/departure`: the same body as an entry, recorded as an untraced departure. */
const untracedDepartures = new WeakSet<Row>();
export const markUntracedDeparture = (input: Row) => untracedDepartures.add(input);

/** Who the government register is asked about, in the form an entry stores (upper-case plate). */
interface GovernmentSubject {
  firstName: string | null;
  lastName: string | null;
  documentNumber: string | null;
  plate: string | null;
}

const subjectOf = (values: Row): GovernmentSubject => {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
  return {
    firstName: text(values.firstName),
    lastName: text(values.lastName),
    documentNumber: text(values.documentNumber),
    plate: text(values.vehiclePlate)?.toUpperCase() ?? null,
  };
};
const subjectKey = (subject: GovernmentSubject) => JSON.stringify(subject);

/** Answers of the government register got before a request's transaction, for the same subject only. */
const governmentAnswers = new WeakMap<FastifyRequest, { key: string; answer: GovernmentAnswer }>();

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
  if (!subject.firstName || !subject.lastName) return;
  const answer = await checkGovernment(government, subject, subject.plate);
  governmentAnswers.set(request, { key: subjectKey(subject), answer });
}

async function governmentAnswer(
  request: FastifyRequest,
  government: GovernmentBlacklistProvider,
  values: Row,
): Promise<GovernmentAnswer> {
  const subject = subjectOf(values);
  const known = governmentAnswers.get(request);
  governmentAnswers.delete(request);
  if (known && known.key === subjectKey(subject)) return known.answer;
  return checkGovernment(government, subject, subject.plate);
}

interface PendingMovement {
  kind: 'entry' | 'departure';
  movementTime: Date;
  gateId: number;
  purposeId: number;
}

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
      if (typeof values.movementTime === 'string') values.movementTime = new Date(values.movementTime);
      if (values.movementTime === null) delete values.movementTime;
      if (values.vehiclePlate) values.vehiclePlate = String(values.vehiclePlate).toUpperCase();
      await fillVisited(ctx.tx, siteId, values);
      if (existing) {
        // A caller who sees personal data only masked must not write it either (the mask would overwrite it).
        if (!seesPersonalData(ctx.request)) {
          const personal = [...VISIT_PERSONAL_FIELDS, 'companions'].filter(
            (field) => input[field] !== undefined,
          );
          if (personal.length > 0) {
            throw new AppError('FORBIDDEN', `Changing ${personal.join(', ')} needs VIEW_PERSONAL_INFO`);
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
      const departure = untracedDepartures.has(input);
      pending.set(input, {
        kind: departure ? 'departure' : 'entry',
        movementTime,
        gateId: values.gateId as number,
        purposeId: values.purposeId as number,
      });
      if (departure) {
        Object.assign(values, { direction: 'OUT', inArea: false, departed: true });
        return;
      }
      Object.assign(values, { direction: 'IN', inArea: true, departed: false });
      if (typeof input.adviceId === 'number') values.adviceId = input.adviceId;

      const warnings: ErrorDetail[] = [];
      if (values.tag) {
        await cardByCode(ctx.tx, siteId, String(values.tag));
        const [holder] = await ctx.tx
          .select({ id: visits.id })
          .from(visits)
          .where(and(eq(visits.siteId, siteId), eq(visits.inArea, true), eq(visits.tag, String(values.tag))))
          .limit(1);
        if (holder) throw validationError('tag', 'validation.cardInUse');
      }
      if (await personInArea(ctx.tx, siteId, values))
        warnings.push({ path: 'inArea', message: 'ALREADY_IN_AREA' });
      const markers = await checkBlacklists(
        ctx.tx,
        siteId,
        {
          firstName: values.firstName as string,
          lastName: values.lastName as string,
          documentTypeId: (values.documentTypeId as number | null | undefined) ?? null,
          documentNumber: (values.documentNumber as string | null | undefined) ?? null,
        },
        (values.vehiclePlate as string | null | undefined) ?? null,
        await governmentAnswer(ctx.request, government, values),
      );
      Object.assign(values, markers);
      for (const [marker, result] of Object.entries(markers))
        if (result === 'HIT') warnings.push({ path: marker, message: 'BLACKLIST_HIT' });
      if (warnings.length > 0 && input.force !== true) {
        const inArea = warnings.some((warning) => warning.path === 'inArea');
        throw new AppError(
          inArea ? 'ALREADY_IN_AREA' : 'BLACKLIST_HIT',
          inArea ? 'The person is already in the area' : 'The visitor is on a blacklist',
          warnings,
        );
      }
    },

    async afterWrite(id, input, ctx) {
      const siteId = ctx.siteId!;
      await writeChildren(ctx.tx, siteId, id, input);
      const movement = pending.get(input);
      if (!movement) return;
      pending.delete(input);
      const direction = movement.kind === 'entry' ? 'IN' : 'OUT';
      await recordGateMovement(ctx.tx, siteId, movement.gateId, direction, movement.movementTime);
      const purpose = await purposeOf(ctx.tx, siteId, movement.purposeId);
      if (movement.kind === 'departure') {
        if (purpose.anonymize) await anonymizeVisit(ctx.tx, siteId, id);
        return;
      }
      await notifyEntry(ctx, id, purpose);
    },

    decorate: decorateVisits,
    decorates: (request) => !seesPersonalData(request),
  };
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
  await ctx.tx.insert(emails).values(recipients.map((recipient) => ({ siteId, recipient, ...message })));
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

async function checkGate(tx: Db, siteId: number, gateId: number): Promise<void> {
  const [gate] = await tx
    .select({ id: gates.id })
    .from(gates)
    .where(and(eq(gates.id, gateId), eq(gates.siteId, siteId)));
  if (!gate) throw validationError('gate', 'validation.ref');
}

/** 'Zapsat odchod': a departure row for the entry, which leaves the area; anonymized when the purpose says so. */
export async function recordLeave(
  tx: Db,
  siteId: number,
  entryId: number,
  input: { gate: number; movementTime?: string; note?: string | null },
): Promise<number> {
  const entry = await entryInArea(tx, siteId, entryId);
  await checkGate(tx, siteId, input.gate);
  const time = input.movementTime ? new Date(input.movementTime) : new Date();
  const { id: _id, version: _version, createdAt: _created, updatedAt: _updated, ...copied } = entry;
  const [departure] = await tx
    .insert(visits)
    .values({
      ...copied,
      gateId: input.gate,
      movementTime: time,
      direction: 'OUT',
      inArea: false,
      departed: true,
      departureTime: null,
      entryId: entry.id,
      note: input.note ?? entry.note,
    })
    .returning({ id: visits.id });
  await tx
    .update(visits)
    .set({
      inArea: false,
      departed: true,
      departureTime: time,
      version: sql`${visits.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(visits.id, entry.id));
  await recordGateMovement(tx, siteId, input.gate, 'OUT', time);
  const purpose = await purposeOf(tx, siteId, entry.purposeId);
  if (purpose.anonymize) await anonymizeVisit(tx, siteId, entry.id);
  return departure.id;
}

/** 'Odepsat bez odchodu': the entry leaves the area without a departure (no gate passage). */
export async function writeOff(tx: Db, siteId: number, entryId: number, note?: string | null): Promise<void> {
  const entry = await entryInArea(tx, siteId, entryId);
  await tx
    .update(visits)
    .set({
      inArea: false,
      departureTime: new Date(),
      note: note ?? entry.note,
      version: sql`${visits.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(visits.id, entry.id));
  const purpose = await purposeOf(tx, siteId, entry.purposeId);
  if (purpose.anonymize) await anonymizeVisit(tx, siteId, entry.id);
}
