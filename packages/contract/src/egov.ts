import { z } from 'zod';
import type { ModuleCode } from './modules';
import type { Role } from './roles';

/**
 * Reading an electronic identity document (spec: `/egov/init`, `/egov/result`; docs/egov-provider.md): the
 * server opens a reading session at the provider (`POST /api/egov/init`), the guard puts the document on the
 * reader, and the web app asks for the result (`GET /api/egov/result?id=`) until it is read, failed or expired.
 * A provider that fails, does not answer in time or answers malformed gives 502 `EGOV_UNAVAILABLE`.
 */

/** Who records entries and may read a document into them: per module, the roles of its entry dialog. */
export const EGOV_READERS: ReadonlyArray<{ module: ModuleCode; roles: readonly Role[] }> = [
  { module: 'MOD_VISIT', roles: ['VISIT_ADMIN', 'VISIT_USER'] },
  { module: 'MOD_VEHICLE', roles: ['VEHICLE_ADMIN', 'VEHICLE_USER'] },
];

/** The roles of `EGOV_READERS` together (the route's rule; the module of the role is checked beside it). */
export const EGOV_ROLES: readonly Role[] = EGOV_READERS.flatMap((reader) => reader.roles);

/** How often the web app asks for the result of a reading session. */
export const EGOV_POLL_MS = 1_000;

export const EGOV_DOCUMENT_KINDS = ['ID_CARD', 'PASSPORT', 'RESIDENCE_PERMIT'] as const;
export type EgovDocumentKind = (typeof EGOV_DOCUMENT_KINDS)[number];

export const EGOV_STATUSES = ['PENDING', 'DONE', 'FAILED', 'EXPIRED'] as const;
export type EgovStatus = (typeof EGOV_STATUSES)[number];

/** An id of a reading session as the provider gives it: letters, digits, `-` and `_`, at most 100. */
export const egovSessionIdSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/);

/** `POST /api/egov/init`: the provider's reading session and when it expires (date-time on the wire). */
export const egovInitSchema = z.object({
  id: egovSessionIdSchema,
  expiresAt: z.iso.datetime({ offset: true }),
});
export type EgovInit = z.infer<typeof egovInitSchema>;

/** The person read from the document. */
export const egovPersonSchema = z.object({
  firstName: z.string().min(1).max(100),
  lastName: z.string().min(1).max(100),
  documentKind: z.enum(EGOV_DOCUMENT_KINDS),
  documentNumber: z.string().min(1).max(50),
  /** `YYYY-MM-DD`, when the document says. */
  birthDate: z.iso.date().optional(),
});
export type EgovPerson = z.infer<typeof egovPersonSchema>;

/** `GET /api/egov/result?id=`: the session's state; the person only when DONE. */
export const egovResultSchema = z
  .object({
    status: z.enum(EGOV_STATUSES),
    person: egovPersonSchema.optional(),
  })
  .refine((result) => (result.status === 'DONE') === (result.person !== undefined), {
    message: 'a person comes with DONE and only then',
    path: ['person'],
  });
export type EgovResult = z.infer<typeof egovResultSchema>;

export const egovResultQuerySchema = z.object({ id: egovSessionIdSchema });

/** `GET /api/egov/status` (anyone logged in): whether this caller can read a document here. */
export const egovStatusSchema = z.object({ available: z.boolean() });
export type EgovStatusAnswer = z.infer<typeof egovStatusSchema>;
