import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PRIVACY_ADMIN_ROLES,
  RETENTION_RULES,
  privacyHold,
  retentionPreviewQuerySchema,
  retentionPreviewSchema,
  retentionRunSchema,
  retentionSettingsSchema,
  type RetentionSettings,
} from '@strazce/contract';
import type { Db } from '../../db/database';
import { auditRecord } from '../../platform/audit';
import { crudRoutes } from '../../platform/crud';
import { currentSiteId } from '../../platform/guard';
import { NO_BODY } from '../../platform/requestBody';
import { siteProperties } from '../../platform/platform.tables';
import { privacyHolds } from './privacy.tables';
import { applyRetention, retentionPreview, retentionSettings } from './privacy.retention';
import { registerSubjectRequestRoutes } from './subjectRequest.routes';
import { registerAccessLogRoutes } from './accessLog.routes';

const PRIVACY_ACCESS = { roles: PRIVACY_ADMIN_ROLES };

/**
 * Privacy of the current site (docs/privacy.md): its retention settings with a preview of the next run, a run
 * on demand, and its legal holds (`/api/privacy/hold`, CRUD).
 */
export function registerPrivacyRoutes(app: FastifyInstance, db: Db): void {
  crudRoutes(app, db, { entity: privacyHold, table: privacyHolds });
  registerAccessLogRoutes(app, db);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const now = () => new Date(app.clock.now());

  typed.get(
    '/api/privacy/retention',
    {
      config: { access: PRIVACY_ACCESS },
      schema: {
        tags: ['privacy'],
        description: "The site's retention in days per rule (its RETENTION_* properties, else the defaults).",
        response: { 200: retentionSettingsSchema },
      },
    },
    async (request) => retentionSettings(db, currentSiteId(request)),
  );

  typed.put(
    '/api/privacy/retention',
    {
      config: { access: PRIVACY_ACCESS },
      schema: {
        tags: ['privacy'],
        description: "Sets the site's retention (its RETENTION_* site properties).",
        body: retentionSettingsSchema,
        response: { 200: retentionSettingsSchema },
      },
    },
    async (request) => {
      const siteId = currentSiteId(request);
      const body = request.body as RetentionSettings;
      const before = await retentionSettings(db, siteId);
      await db.transaction(async (tx) => {
        for (const rule of RETENTION_RULES)
          await tx
            .insert(siteProperties)
            .values({ siteId, name: rule.property, type: 'LONG', value: body[rule.key], active: true })
            .onConflictDoUpdate({
              target: [siteProperties.siteId, siteProperties.name],
              set: {
                type: 'LONG',
                value: body[rule.key],
                active: true,
                version: sql`${siteProperties.version} + 1`,
                updatedAt: now(),
              },
            });
        auditRecord(request, {
          entity: 'privacy/retention',
          siteId,
          changes: Object.fromEntries(
            RETENTION_RULES.filter((rule) => before[rule.key] !== body[rule.key]).map((rule) => [
              rule.property,
              { from: before[rule.key], to: body[rule.key] },
            ]),
          ),
        });
      });
      return retentionSettings(db, siteId);
    },
  );

  typed.get(
    '/api/privacy/retention/preview',
    {
      config: { access: PRIVACY_ACCESS },
      schema: {
        tags: ['privacy'],
        description:
          'What the next run of the retention job would anonymize per rule (count, oldest, newest), with the ' +
          'saved days or the days given in the query (the settings form before saving).',
        querystring: retentionPreviewQuerySchema,
        response: { 200: retentionPreviewSchema },
      },
    },
    async (request) => {
      const siteId = currentSiteId(request);
      const saved = await retentionSettings(db, siteId);
      const tried = request.query as Partial<RetentionSettings>;
      const settings = Object.fromEntries(
        RETENTION_RULES.map((rule) => [rule.key, tried[rule.key] ?? saved[rule.key]]),
      ) as RetentionSettings;
      return retentionPreview(db, siteId, now(), settings);
    },
  );

  typed.post(
    '/api/privacy/retention/run',
    {
      config: { access: PRIVACY_ACCESS },
      schema: {
        tags: ['privacy'],
        description:
          'Runs the retention of the current site now (as the nightly job does); answers the counts.',
        body: NO_BODY,
        response: { 200: retentionRunSchema },
      },
    },
    async (request) => {
      const siteId = currentSiteId(request);
      auditRecord(request, { entity: 'privacy/retention', siteId });
      return applyRetention(db, app.files, siteId, now());
    },
  );

  registerSubjectRequestRoutes(app, db);
}
