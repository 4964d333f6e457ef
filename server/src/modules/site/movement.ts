import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  MASKED_VALUE,
  idParamsSchema,
  revealedDocumentsSchema,
  type ErrorDetail,
  type Fields,
  type ModuleCode,
  type Role,
  type VisitCompanion,
} from '@strazce/contract';
import type { Db } from '../../db/database';
import { preparedStatement } from '../../db/prepared';
import type { CrudRepository, Row } from '../../platform/crud';
import type { ChildList, MaskedValue, RecordMasks } from '../../platform/crudModel';
import { requirePersonalData, seesDocumentNumbers, seesPersonalData } from '../../platform/personalData';
import { recordPersonalRead } from '../../platform/personalReads';
import { AppError, validationError } from '../../platform/errors';
import { currentSiteId } from '../../platform/guard';
import { gateMovements, gates } from './site.tables';

/**
 * What the movements at gates of the visits and vehicles modules share: the gate of the site, the passage
 * written for the gate-load report, the names match of the in-area checks and the in-area warning.
 */

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

/** A gate of the site, or a validation error on `gate` (a gate of another site is as if it did not exist). */
export async function checkGate(tx: Db, siteId: number, gateId: number): Promise<void> {
  const [gate] = await gateStatement.rows(tx, { gateId, siteId });
  if (!gate) throw validationError('gate', 'validation.ref');
}
const gateStatement = preparedStatement(
  () => sql`select ${gates.id} from ${gates}
    where ${gates.id} = ${sql.placeholder('gateId')} and ${gates.siteId} = ${sql.placeholder('siteId')}`,
);

/** The same person by names, case-insensitive (served by the `lower(last), lower(first)` in-area indexes). */
export function sameNames(
  firstNameColumn: PgColumn,
  lastNameColumn: PgColumn,
  firstName: string,
  lastName: string,
): SQL {
  return and(
    sql`lower(${lastNameColumn}) = lower(${lastName})`,
    sql`lower(${firstNameColumn}) = lower(${firstName})`,
  )!;
}

/**
 * The in-area warning of an entry ('already in the area, continue?'): a 409 ALREADY_IN_AREA naming each
 * field found inside (`paths`), unless the request confirmed it with `force`; null when nothing is inside
 * or the guard confirmed. Further warnings of the entry (blacklist hits) are added by the caller.
 */
export function inAreaDetails(paths: readonly string[]): ErrorDetail[] {
  return paths.map((path) => ({ path, message: 'ALREADY_IN_AREA' }));
}

export function inAreaWarning(paths: readonly string[], force: unknown): AppError | null {
  if (paths.length === 0 || force === true) return null;
  return new AppError('ALREADY_IN_AREA', 'Already in the area', inAreaDetails(paths));
}

/** Inputs of an untraced departure route: the entity's hooks record them as OUT rows without an entry. */
const untracedDepartures = new WeakSet<Row>();

/** Is this create input an untraced departure ('Zapsat neevidovaný odchod') rather than an entry? */
export const isUntracedDeparture = (input: Row): boolean => untracedDepartures.has(input);

/**
 * `POST <path>`, 'Zapsat neevidovaný odchod': the departure of someone whose entry was not recorded, with the
 * body of an entry. The entity's create hooks see `isUntracedDeparture(input)` and write an OUT row.
 */
export function registerUntracedDeparture(
  app: FastifyInstance,
  db: Db,
  options: {
    path: string;
    repository: CrudRepository;
    body: z.ZodType;
    record: z.ZodType;
    roles: readonly Role[];
    module: ModuleCode;
    tags: string[];
    description: string;
  },
): void {
  const { path, repository, body, record, roles, module, tags, description } = options;
  app.withTypeProvider<ZodTypeProvider>().post(
    path,
    {
      config: { access: { roles, module } },
      schema: { tags, description, body, response: { 201: record } },
    },
    async (request, reply) => {
      const siteId = currentSiteId(request);
      const input = request.body as Row;
      untracedDepartures.add(input);
      const id = await db.transaction((tx) => repository.insert(input, { request, tx: tx, siteId }));
      return reply.status(201).send(await repository.get(id, siteId, undefined, request));
    },
  );
}

/** The mask as SQL text. */
const MASK = sql.raw(`'${MASKED_VALUE}'::text`);

/** The mask where the value is not empty; empty values stay empty. */
const maskedText: MaskedValue = (value) => sql`case when ${value} is null then null else ${MASK} end`;

/** A reference masked (`{ id: 0, label: mask }`) where it is not empty. */
const maskedRef: MaskedValue = (value) =>
  sql`case when ${value} is null then null else json_build_object('id', 0, 'label', ${MASK}) end`;

/**
 * Which mask a caller reads movement records and companions with: `personal` without VIEW_PERSONAL_INFO (and for
 * reads without a request), else `documents` where the site withholds document numbers until asked for
 * (DOCUMENT_NUMBERS_ON_REQUEST, `registerDocumentReveal`), else none.
 */
function movementMaskOf(request?: FastifyRequest): 'personal' | 'documents' | undefined {
  if (!seesPersonalData(request)) return 'personal';
  return seesDocumentNumbers(request) ? undefined : 'documents';
}

/**
 * The masks of movement records (visits, vehicle movements), applied by the database as it writes them
 * (`CrudOptions.masks`): `personal` masks the kind's personal fields and what the records carry about people
 * besides them, the companions' names and documents and the blacklist hits' matched values and notes (the note
 * is free text about the person; the reason, why the list holds them, stays); `documents` masks the document
 * numbers: the record's, its companions' and a blacklist hit's value where it matched by document.
 */
export function movementMasks(entity: { fields: Fields }, personalFields: readonly string[]): RecordMasks {
  return {
    of: movementMaskOf,
    masks: {
      personal: {
        fields: Object.fromEntries(
          personalFields.map((name) => [name, entity.fields[name]?.kind === 'ref' ? maskedRef : maskedText]),
        ),
        children: {
          companions: { name: () => MASK, document: maskedText },
          blacklistHits: { value: maskedText, note: maskedText },
        },
      },
      documents: {
        fields: { documentNumber: maskedText },
        children: {
          companions: { document: maskedText },
          blacklistHits: {
            value: (value, hit) =>
              sql`case when ${hit.matchedBy} = 'DOCUMENT' and ${value} is not null then ${MASK} else ${value} end`,
          },
        },
      },
    },
  };
}

/**
 * The masks of an accompaniment entity (`/api/visit/accompaniment`, `/api/vehicle/accompaniment`): companions
 * are personal data, masked as in their movement's records.
 */
export const companionMasks: RecordMasks = {
  of: movementMaskOf,
  masks: {
    personal: { fields: { name: () => MASK, document: maskedText } },
    documents: { fields: { document: maskedText } },
  },
};

/** A movement kind's companion table (`visit_accompaniment`, `vehicle_accompaniment`) and its owner column. */
interface CompanionTable {
  table: PgTable & { id: PgColumn; name: PgColumn; document: PgColumn };
  owner: PgColumn;
  /** The owner column's property name (`visitId`, `vehicleId`). */
  ownerKey: string;
}

/** A movement kind's blacklist-hit table (`visit_blacklist_hit`, `vehicle_blacklist_hit`) and its owner column. */
interface BlacklistHitTable {
  table: PgTable & Record<'id' | 'list' | 'matchedBy' | 'value' | 'reason' | 'note', PgColumn>;
  owner: PgColumn;
}

/**
 * The companions and blacklist hits of a movement record (a visit, a vehicle movement), returned in the record
 * and read by the movement's own select: one declaration for both kinds.
 */
export function movementChildren(
  companions: CompanionTable,
  hits: BlacklistHitTable,
): Record<'companions' | 'blacklistHits', ChildList> {
  const { table: hitTable } = hits;
  return {
    companions: {
      table: companions.table,
      owner: companions.owner,
      orderBy: companions.table.id,
      columns: { id: companions.table.id, name: companions.table.name, document: companions.table.document },
    },
    blacklistHits: {
      table: hitTable,
      owner: hits.owner,
      orderBy: hitTable.id,
      columns: {
        id: hitTable.id,
        list: hitTable.list,
        matchedBy: hitTable.matchedBy,
        value: hitTable.value,
        reason: hitTable.reason,
        note: hitTable.note,
      },
    },
  };
}

/** Replaces the companions of a movement by those of the input, when it names them (a visit's or a vehicle's). */
export async function writeCompanions(
  tx: Db,
  companions: CompanionTable,
  siteId: number,
  ownerId: number,
  input: Row,
): Promise<void> {
  const given = input.companions as VisitCompanion[] | undefined;
  if (given === undefined) return;
  await tx.delete(companions.table).where(eq(companions.owner, ownerId));
  if (given.length > 0)
    await tx.insert(companions.table).values(
      given.map((companion) => ({
        siteId,
        [companions.ownerKey]: ownerId,
        name: companion.name,
        document: companion.document || null,
      })) as never,
    );
}

/**
 * The departure row of an entry that leaves through a gate (a visit's, a vehicle movement's): the entry's own
 * columns, with the gate, time and note of the departure, pointing to the entry.
 */
export function departureValues<
  Entry extends { id: number; version: number; createdAt: Date; updatedAt: Date; note: string | null },
>(entry: Entry, input: { gate: number; note?: string | null }, time: Date) {
  const { id: _id, version: _version, createdAt: _created, updatedAt: _updated, ...copied } = entry;
  return {
    ...copied,
    gateId: input.gate,
    movementTime: time,
    direction: 'OUT' as const,
    inArea: false,
    departed: true,
    departureTime: null,
    entryId: entry.id,
    note: input.note ?? entry.note,
  };
}

/**
 * `GET <path>/:id/documents`: the document numbers of a movement and of its companions, shown on request where
 * the site withholds them from lists and records (DOCUMENT_NUMBERS_ON_REQUEST). Needs VIEW_PERSONAL_INFO; a
 * movement of another site is not found. Every answer is logged as a read of personal data (kind `reveal`,
 * /admin/privacy/access), without the values.
 */
export function registerDocumentReveal(
  app: FastifyInstance,
  db: Db,
  options: {
    path: string;
    /** The entity's resource, as the read log names it (`visit`, `vehicle`). */
    resource: string;
    table: PgTable & { id: PgColumn; siteId: PgColumn; documentNumber: PgColumn };
    companions: CompanionTable;
    roles: readonly Role[];
    module: ModuleCode;
    tags: string[];
  },
): void {
  const { path, resource, table, companions, roles, module, tags } = options;
  app.withTypeProvider<ZodTypeProvider>().get(
    `${path}/:id/documents`,
    {
      config: { access: { roles, module } },
      schema: {
        tags,
        description:
          'The document numbers of the movement and its companions, where the site shows them on request only; the read is logged (needs VIEW_PERSONAL_INFO).',
        params: idParamsSchema,
        response: { 200: revealedDocumentsSchema },
      },
    },
    async (request) => {
      requirePersonalData(request);
      const siteId = currentSiteId(request);
      const id = request.params.id;
      const [movement] = await db
        .select({ documentNumber: table.documentNumber })
        .from(table)
        .where(and(eq(table.id, id), eq(table.siteId, siteId)));
      if (!movement) throw new AppError('NOT_FOUND', 'No such movement on this site');
      const others = await db
        .select({ id: companions.table.id, document: companions.table.document })
        .from(companions.table)
        .where(eq(companions.owner, id))
        .orderBy(companions.table.id);
      await recordPersonalRead(db, request, {
        kind: 'reveal',
        entity: resource,
        siteId,
        recordIds: [id],
        fields: ['documentNumber', 'companions.document'],
      });
      return {
        documentNumber: (movement.documentNumber as string | null) ?? null,
        companions: others.map((other) => ({
          id: Number(other.id),
          document: (other.document as string | null) ?? null,
        })),
      };
    },
  );
}
