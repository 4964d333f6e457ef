import { z } from 'zod';
import { datetime, defineEntity, enumOf, int, json, ref, text } from '../entity';
import { SUBJECT_REQUEST_ROLES } from './subject';

/**
 * How personal data was read: a stored file downloaded, a list exported as CSV, a withheld document number
 * shown on request.
 */
export const PERSONAL_READ_KINDS = ['file', 'export', 'reveal'] as const;
export type PersonalReadKind = (typeof PERSONAL_READ_KINDS)[number];

/**
 * The log of reads of personal data (issue 35 point 6, docs/privacy.md "Reads of personal data"), read-only at
 * /admin/privacy/access for the privacy officer and the administrator: who read which records' personal fields
 * of which entity, from which site, when. Written by the server only (platform/personalReads.ts); no value.
 */
export const personalReadLog = defineEntity({
  resource: 'privacy/access',
  scope: 'global',
  read: SUBJECT_REQUEST_ROLES,
  write: [],
  defaultSort: { field: 'createdAt', direction: 'desc' },
  fields: {
    createdAt: datetime({ required: true, readOnly: true, list: true, sort: true, filter: 'range' }),
    user: ref('access_user', { readOnly: true, filter: 'eq' }),
    userName: text({ readOnly: true, list: true, sort: true, filter: 'contains' }),
    site: ref('system_site', { readOnly: true, list: true, filter: 'eq' }),
    kind: enumOf(PERSONAL_READ_KINDS, { required: true, readOnly: true, list: true, filter: 'eq' }),
    entity: text({ required: true, readOnly: true, list: true, filter: 'eq' }),
    rowCount: int({ required: true, readOnly: true, list: true, sort: true }),
    fields: json(z.array(z.string()), { readOnly: true }),
    recordIds: json(z.array(z.number()), { readOnly: true }),
  },
});

/**
 * The document numbers of a visit or a vehicle entry shown on request (`GET /api/visit/{id}/documents`,
 * `GET /api/vehicle/{id}/documents`) where the site withholds them (DOCUMENT_NUMBERS_ON_REQUEST): the
 * record's and its companions'. The read is logged.
 */
export const revealedDocumentsSchema = z.object({
  documentNumber: z.string().nullable(),
  companions: z.array(z.object({ id: z.number(), document: z.string().nullable() })),
});
export type RevealedDocuments = z.infer<typeof revealedDocumentsSchema>;
