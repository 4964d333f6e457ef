import { desc, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SUBJECT_REQUEST_ROLES,
  subjectActionResultSchema,
  subjectActionSchema,
  subjectExportSchema,
  subjectRequestLogSchema,
  subjectSearchResultSchema,
  subjectSearchSchema,
  type SubjectAction,
  type SubjectActionRequest,
  type SubjectExportRequest,
  type SubjectRequestLog,
  type SubjectSearch,
} from '@strazce/contract';
import type { Db } from '../../db/database';
import { auditRecord } from '../../platform/audit';
import { attachmentDisposition } from '../../platform/contentDisposition';
import { sessionOf } from '../../platform/guard';
import { exportFound } from './subjectRequest.export';
import {
  administeredSites,
  describeFound,
  eraseFound,
  findSubject,
  recordOutcome,
  recordRequest,
  restrictFound,
  type Found,
} from './subjectRequest.service';
import { privacySubjectRequests } from './subjectRequest.tables';

// The searched value is personal data: the audit keeps no request body, the business record has counts and ids.
const ACCESS = { access: { roles: SUBJECT_REQUEST_ROLES }, auditBody: false };

const counts = (found: Found) =>
  Object.fromEntries([...found].map(([target, records]) => [target.resource, records.length]));

/**
 * Subject requests (docs/privacy.md "Subject requests"): search one person's data across the modules of the
 * sites the officer administers; export, erase, restrict it or lift its restriction; the record of requests.
 */
export function registerSubjectRequestRoutes(app: FastifyInstance, db: Db): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const now = () => new Date(app.clock.now());

  async function search(request: FastifyRequest, body: SubjectSearch) {
    const session = sessionOf(request);
    const siteIds = await administeredSites(db, session.userId);
    return { session, found: await findSubject(db, siteIds, body.kind, body.value) };
  }

  typed.post(
    '/api/privacy/subject/search',
    {
      config: ACCESS,
      schema: {
        tags: ['privacy'],
        description:
          "Every record of the officer's sites that holds the value (a name, document number, e-mail, phone " +
          'or plate) in its personal fields, grouped by module, with holds and restrictions. Recorded.',
        body: subjectSearchSchema,
        response: { 200: subjectSearchResultSchema },
      },
    },
    async (request) => {
      const { found, at } = await handle(request, request.body as SubjectSearch, 'search');
      return describeFound(db, found, at);
    },
  );

  /** Finds and records a request of `action`; audits it with the counts found (never the value or content). */
  async function handle(request: FastifyRequest, body: SubjectSearch, action: 'search' | SubjectAction) {
    const { session, found } = await search(request, body);
    const at = now();
    // The record and its audit entry (counts only) are written in one transaction.
    const requestId = await db.transaction(async (transaction) => {
      const tx: Db = transaction;
      const id = await recordRequest(tx, {
        at,
        siteId: session.siteId,
        userId: session.userId,
        userName: session.userName,
        kind: body.kind,
        value: body.value,
        action,
        found,
      });
      auditRecord(request, {
        entity: 'privacy/subject',
        recordId: id,
        siteId: session.siteId,
        changes: { [action]: { to: counts(found) } },
      });
      return id;
    });
    return { found, at, requestId };
  }

  typed.post(
    '/api/privacy/subject/export',
    {
      config: ACCESS,
      schema: {
        tags: ['privacy'],
        description:
          'A ZIP of everything the search finds: data.json (every record, machine-readable), report.html ' +
          "(readable, in the requester's language) and files/ (photos, signed PDFs, attachments). Recorded; " +
          'audited without the content.',
        body: subjectExportSchema,
        response: { 200: z.unknown().describe('application/zip') },
      },
    },
    async (request, reply) => {
      const body = request.body as SubjectExportRequest;
      const { found, at, requestId } = await handle(request, body, 'export');
      const zip = await exportFound(db, app.files, found, { kind: body.kind, language: body.language, at });
      await recordOutcome(db, requestId, {
        done: Object.fromEntries(
          [...found].map(([target, records]) => [target.resource, records.map((r) => r.id)]),
        ),
        skipped: {},
      });
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', attachmentDisposition(`subject-request-${requestId}.zip`))
        .send(zip);
    },
  );

  typed.post(
    '/api/privacy/subject/request',
    {
      config: ACCESS,
      schema: {
        tags: ['privacy'],
        description:
          'One action on everything the search finds: `erase` (anonymized now as retention does, held ' +
          'records skipped and answered), `restrict` (kept, left out of everyday lists) or `lift` (the ' +
          'restriction). Recorded; audited with counts only.',
        body: subjectActionSchema,
        response: { 200: subjectActionResultSchema },
      },
    },
    async (request) => {
      const body = request.body as SubjectActionRequest;
      const { found, at, requestId } = await handle(request, body, body.action);
      const outcome =
        body.action === 'erase'
          ? await eraseFound(db, app.files, found, at)
          : await restrictFound(db, found, body.action === 'lift', requestId);
      await recordOutcome(db, requestId, outcome);
      return { requestId, action: body.action, ...outcome };
    },
  );

  typed.get(
    '/api/privacy/subject/requests',
    {
      config: { access: { roles: SUBJECT_REQUEST_ROLES } },
      schema: {
        tags: ['privacy'],
        description:
          "The last 100 subject requests touching the officer's sites (or made from them): who, when, the " +
          'kind of search, counts found and done. Never the searched value.',
        response: { 200: z.array(subjectRequestLogSchema) },
      },
    },
    async (request) => {
      const siteIds = await administeredSites(db, sessionOf(request).userId);
      if (siteIds.length === 0) return [];
      const list = sql.join(
        siteIds.map((id) => sql`${id}`),
        sql`, `,
      );
      const rows = await db
        .select()
        .from(privacySubjectRequests)
        .where(
          sql`(${privacySubjectRequests.siteId} in (${list}) or exists (select 1 from jsonb_array_elements_text(${privacySubjectRequests.siteIds}) s where s::int in (${list})))`,
        )
        .orderBy(desc(privacySubjectRequests.id))
        .limit(100);
      const total = (ids: Record<string, number[]>) =>
        Object.values(ids).reduce((sum, list) => sum + list.length, 0);
      return rows.map((row): SubjectRequestLog => ({
        id: row.id,
        createdAt: new Date(row.createdAt).toISOString(),
        userName: row.userName,
        kind: row.kind,
        action: row.action,
        counts: Object.fromEntries(
          Object.entries(row.found).map(([resource, ids]) => [resource, ids.length]),
        ),
        done: total(row.done),
        skipped: total(row.skipped),
      }));
    },
  );
}
