import { z } from 'zod';
import type { PersonalCategory } from './classification';

/**
 * Subject requests (GDPR art. 15, 17, 18; docs/privacy.md "Subject requests"): the privacy officer searches one
 * person's data by a kind of value across the modules of the sites they administer, then exports, erases or
 * restricts what was found. The searched columns come from the classification (privacy/fields.ts): a kind
 * searches the personal fields of its categories, free text included (a note may name the person).
 */
export const SUBJECT_SEARCH_KINDS = ['name', 'document', 'email', 'phone', 'plate'] as const;
export type SubjectSearchKind = (typeof SUBJECT_SEARCH_KINDS)[number];

export const SUBJECT_KIND_CATEGORIES: Readonly<Record<SubjectSearchKind, readonly PersonalCategory[]>> = {
  name: ['identity', 'freeText'],
  document: ['document', 'freeText'],
  email: ['contact', 'freeText'],
  phone: ['contact', 'freeText'],
  plate: ['plate', 'freeText'],
};

/**
 * The resources a subject request searches, in the order of the results: every module's records about people.
 * Their everyday lists hide restricted records (server/src/platform/restriction.tables.ts).
 */
export const SUBJECT_RESOURCES = [
  'visit',
  'visit/accompaniment',
  'vehicle',
  'vehicle/accompaniment',
  'visit/advice',
  'vehicle/advice',
  'vehicle/anpr/read',
  'keymanagement/keylend',
  'incident',
  'kbox/content',
  'signature/signed',
  'system_site/person',
] as const;
export type SubjectResource = (typeof SUBJECT_RESOURCES)[number];

export const SUBJECT_ACTIONS = ['export', 'erase', 'restrict', 'lift'] as const;
export type SubjectAction = (typeof SUBJECT_ACTIONS)[number];

const subjectValue = z
  .string()
  .trim()
  .min(2, { message: 'validation.minLength' })
  .max(200, { message: 'validation.maxLength' });

/** `POST /api/privacy/subject/search`: the value travels in the body (never in a URL that logs keep). */
export const subjectSearchSchema = z.strictObject({
  kind: z.enum(SUBJECT_SEARCH_KINDS),
  value: subjectValue,
});
export type SubjectSearch = z.infer<typeof subjectSearchSchema>;

/** `POST /api/privacy/subject/export`: a ZIP of everything the search finds, the report in `language`. */
export const subjectExportSchema = z.strictObject({
  kind: z.enum(SUBJECT_SEARCH_KINDS),
  value: subjectValue,
  /** The requester's language (the export's report). */
  language: z.enum(['cs', 'en']).default('cs'),
});
export type SubjectExportRequest = z.infer<typeof subjectExportSchema>;

/** The actions that change what the search finds (`POST /api/privacy/subject/request`). */
export const SUBJECT_CHANGES = ['erase', 'restrict', 'lift'] as const;
export type SubjectChange = (typeof SUBJECT_CHANGES)[number];

export const subjectActionSchema = z.strictObject({
  kind: z.enum(SUBJECT_SEARCH_KINDS),
  value: subjectValue,
  action: z.enum(SUBJECT_CHANGES),
});
export type SubjectActionRequest = z.infer<typeof subjectActionSchema>;

export const subjectMatchSchema = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  siteName: z.string(),
  /** A short label of the record (its time, a name as stored), shown only to the privacy officer. */
  label: z.string(),
  held: z.boolean(),
  restricted: z.boolean(),
});
export type SubjectMatch = z.infer<typeof subjectMatchSchema>;

export const subjectModuleSchema = z.object({
  resource: z.enum(SUBJECT_RESOURCES),
  count: z.number().int(),
  matches: z.array(subjectMatchSchema),
});
export type SubjectModuleResult = z.infer<typeof subjectModuleSchema>;

export const subjectSearchResultSchema = z.object({
  total: z.number().int(),
  modules: z.array(subjectModuleSchema),
});
export type SubjectSearchResult = z.infer<typeof subjectSearchResultSchema>;

/** What an erase, restrict or lift did, per resource: the ids changed and the held ids skipped. */
export const subjectActionResultSchema = z.object({
  requestId: z.number().int(),
  action: z.enum(SUBJECT_CHANGES),
  done: z.record(z.string(), z.array(z.number().int())),
  skipped: z.record(z.string(), z.array(z.number().int())),
});
export type SubjectActionResult = z.infer<typeof subjectActionResultSchema>;

/** A recorded subject request: who, when, which kind of search, what was found (counts) and what was done. */
export const subjectRequestLogSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  userName: z.string(),
  kind: z.enum(SUBJECT_SEARCH_KINDS),
  action: z.enum(['search', ...SUBJECT_ACTIONS]),
  counts: z.record(z.string(), z.number().int()),
  done: z.number().int(),
  skipped: z.number().int(),
});
export type SubjectRequestLog = z.infer<typeof subjectRequestLogSchema>;

/** Who handles subject requests: the privacy officer, and the administrator (every admin page is theirs). */
export const SUBJECT_REQUEST_ROLES = ['PRIVACY_ADMIN', 'ADMINISTRATOR'] as const;
