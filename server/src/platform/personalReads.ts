import type { FastifyRequest } from 'fastify';
import { CLASSIFICATION, personalFieldsOf, type PersonalReadKind } from '@strazce/contract';
import type { Db } from '../db/database';
import { personalReads } from './personalRead.tables';

export interface PersonalRead {
  kind: PersonalReadKind;
  entity: string;
  siteId: number | null;
  recordIds: number[];
  fields: readonly string[];
}

/** The personal fields of a resource by the classification (privacy/fields.ts); none when it has none. */
export function personalFieldsOfResource(resource: string): string[] {
  const classification = CLASSIFICATION[resource];
  return classification ? personalFieldsOf(classification) : [];
}

/**
 * Records that the request's caller read personal data (the one writer of `privacy_personal_read`): who, the
 * site, the entity, the record ids and field names, when by the app's clock. Never a value.
 */
export async function recordPersonalRead(db: Db, request: FastifyRequest, read: PersonalRead): Promise<void> {
  await db.transaction((tx) =>
    tx.insert(personalReads).values({
      createdAt: new Date(request.server.clock.now()),
      siteId: read.siteId,
      userId: request.session?.userId ?? null,
      userName: request.session?.userName ?? null,
      kind: read.kind,
      entity: read.entity,
      recordIds: read.recordIds,
      fields: [...read.fields],
      rowCount: read.recordIds.length,
    }),
  );
}
