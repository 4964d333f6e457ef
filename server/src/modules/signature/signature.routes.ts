import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SIG_READ,
  SIG_SIGN,
  attributeRules,
  idParamsSchema,
  keySignatureDocument,
  stockSignatureDocument,
  pageRule,
  prepareSignedSchema,
  signBodySchema,
  signatureAttribute,
  signatureDocument,
  signatureSigned as signedEntity,
  signatureTemplate,
  signatureTemplateUploadSchema,
  signatureVersion,
  signatureZone,
  signingFormSchema,
  validateResultSchema,
  visitSignatureDocument,
  type ErrorDetail,
} from '@strazce/contract';
import type { Db } from '../../db/database';
import { auditRecord } from '../../platform/audit';
import { crudRoutes, type CrudHooks, type Row } from '../../platform/crud';
import { AppError, notFound } from '../../platform/errors';
import { currentSiteId } from '../../platform/guard';
import { registerRefTarget } from '../../platform/refs';
import { MULTIPART_OPTIONS } from '../files/files.routes';
import {
  pdfFileOf,
  prepareSignature,
  signDocument,
  signingForm,
  sha256OfStream,
  validateArchived,
  validateHash,
} from './signature.service';
import { pageCount } from './signature.stamp';
import {
  signatureAttributes,
  signatureDocuments,
  signatureSigned,
  signatureTemplates,
  signatureVersions,
  signatureZones,
} from './signature.tables';

const byName = (t: { name: unknown }) => sql`${t.name}`;
registerRefTarget('signature/document', { table: signatureDocuments, label: byName, scope: 'site' });
const pickers = [visitSignatureDocument, keySignatureDocument, stockSignatureDocument];
for (const picker of pickers)
  registerRefTarget(picker.resource, { table: signatureDocuments, label: byName, scope: 'site' });
// A copy prepared for another module's record (a stock movement's handover document), named by its document:
// the title may carry a person's name.
registerRefTarget('signature/signed', {
  table: signatureSigned,
  label: (t: typeof signatureSigned) =>
    sql`(select sd.name from signature_document sd where sd.id = ${t.documentId})`,
  scope: 'site',
});
registerRefTarget('signature/version', { table: signatureVersions, label: byName, scope: 'site' });
registerRefTarget('signature/template', {
  table: signatureTemplates,
  label: (t: typeof signatureTemplates) => sql`${t.fileName} || ' (' || ${t.locale} || ')'`,
  scope: 'site',
});

const MODULE = 'MOD_SIGNATURE' as const;
const tags = ['signature'];

/** The document's newest valid version's name. */
const currentVersionSql = () =>
  sql`(select v.name from signature_version v where v.document_id = ${sql.raw('"signature_document"."id"')} and v.valid order by v.id desc limit 1)`;

/**
 * The rules of a zone or an attribute on its values as they will be (spec: the page must exist in the
 * document; an attribute's max not below its min, a SET with values): 400 VALIDATION on the fields.
 */
function placedHooks(attribute: boolean): CrudHooks {
  return {
    async beforeWrite(values, _input, ctx, existing) {
      const merged: Row = { ...existing, ...values };
      const details: ErrorDetail[] = attribute
        ? attributeRules(merged as Parameters<typeof attributeRules>[0])
        : [];
      const [template] = await ctx.tx
        .select({ pages: signatureTemplates.pages })
        .from(signatureTemplates)
        .where(
          and(
            eq(signatureTemplates.id, merged.templateId as number),
            eq(signatureTemplates.siteId, ctx.siteId!),
          ),
        );
      if (template) details.push(...pageRule(merged.page as number, template.pages));
      if (details.length > 0) throw new AppError('VALIDATION', 'Invalid values', details);
    },
  };
}

/**
 * Signatures (MOD_SIGNATURE, docs/signatures.md): documents, versions, templates (uploaded PDFs), zones and
 * attributes (SIG_ADMIN); copies prepared for signing and signed (SIG_USER, SIG_ADMIN); the archive and
 * `validate` (SIG_ADMIN, SIG_USER, SIG_VIEW).
 */
export function registerSignatureRoutes(app: FastifyInstance, db: Db): void {
  crudRoutes(app, db, {
    entity: signatureDocument,
    table: signatureDocuments,
    computed: { version: currentVersionSql },
  });
  // Other modules' pickers of the documents (a purpose's entry document, a key type's protocol, a stock
  // category's handover document): read only.
  for (const picker of pickers)
    crudRoutes(app, db, { entity: picker, table: signatureDocuments, omit: ['create', 'update', 'delete'] });
  crudRoutes(app, db, { entity: signatureVersion, table: signatureVersions });
  const templates = crudRoutes(app, db, {
    entity: signatureTemplate,
    table: signatureTemplates,
    omit: ['create'],
    hooks: {
      async afterDelete(existing) {
        const storageKey = await db.transaction((tx) => app.files.deleteRow(tx, existing.fileId as number));
        if (storageKey) await app.files.removeContent(storageKey);
      },
    },
  });
  crudRoutes(app, db, { entity: signatureZone, table: signatureZones, hooks: placedHooks(false) });
  crudRoutes(app, db, {
    entity: signatureAttribute,
    table: signatureAttributes,
    hooks: placedHooks(true),
  });
  const signed = crudRoutes(app, db, {
    entity: signedEntity,
    table: signatureSigned,
    omit: ['create', 'update'],
    countLimit: 10_000,
  });

  const now = () => new Date(app.clock.now());
  const read = { roles: SIG_READ, module: MODULE };
  const sign = { roles: SIG_SIGN, module: MODULE };
  const signedRecord = signedEntity.schemas.record as unknown as z.ZodType;

  app.register(async (scope) => {
    await scope.register(multipart, MULTIPART_OPTIONS);
    const typed = scope.withTypeProvider<ZodTypeProvider>();

    typed.post(
      '/api/signature/template',
      {
        config: { upload: true, access: { roles: signatureTemplate.write, module: MODULE } },
        schema: {
          tags,
          description:
            'Uploads the PDF template of a version in a language (`?version=<id>&locale=cs|en`; multipart, ' +
            "field `file`): a PDF by its content, at most the site's FILE_MAX_SIZE_MB, kept as a stored file " +
            '(module MOD_SIGNATURE). 400 on `file` when it is no PDF or cannot be read.',
          consumes: ['multipart/form-data'],
          querystring: signatureTemplateUploadSchema,
          response: { 201: signatureTemplate.schemas.record as unknown as z.ZodType },
        },
      },
      async (request, reply) => {
        const siteId = currentSiteId(request);
        const { version, locale } = request.query;
        const [owner] = await db
          .select({ id: signatureVersions.id })
          .from(signatureVersions)
          .where(and(eq(signatureVersions.id, version), eq(signatureVersions.siteId, siteId)));
        if (!owner) throw notFound('Version');
        const { result: id } = await app.files.receive(request, {
          siteId,
          module: MODULE,
          accept: (type) => type === 'application/pdf',
          then: async (tx, file) => {
            const pages = await file
              .content()
              .then(pageCount)
              .catch(() => 0);
            if (pages < 1)
              throw new AppError('VALIDATION', 'The PDF cannot be read', [
                { path: 'file', message: 'validation.pdfUnreadable' },
              ]);
            const [created] = await tx
              .insert(signatureTemplates)
              .values({ siteId, versionId: version, locale, fileId: file.id, fileName: file.name, pages })
              .returning({ id: signatureTemplates.id });
            auditRecord(request, {
              entity: 'signature/template',
              recordId: created.id,
              siteId,
              changes: { version: { to: version }, locale: { to: locale }, file: { to: file.name } },
            });
            return created.id;
          },
        });
        return reply.status(201).send(await templates.get(id!, siteId, undefined, request));
      },
    );

    typed.post(
      '/api/signature/validate',
      {
        config: { upload: true, access: read },
        schema: {
          tags,
          description:
            'Whether an uploaded PDF (multipart, field `file`) is an unaltered signed document of the ' +
            "site's archive: its SHA-256 equals the hash stored when it was signed. Nothing is stored. At most " +
            "the site's FILE_MAX_SIZE_MB (413 PAYLOAD_TOO_LARGE).",
          consumes: ['multipart/form-data'],
          response: { 200: validateResultSchema },
        },
      },
      async (request) => {
        const siteId = currentSiteId(request);
        // As an upload: streamed, within the site's FILE_MAX_SIZE_MB (413), hashed as it arrives.
        const sha256 = await app.files.inspect(request, { siteId, consume: sha256OfStream });
        return validateHash(db, siteId, sha256);
      },
    );
  });

  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/signature/template/:id/pdf',
    { config: { access: read }, schema: { tags, params: idParamsSchema } },
    async (request, reply) => {
      const [template] = await db
        .select({ fileId: signatureTemplates.fileId })
        .from(signatureTemplates)
        .where(
          and(
            eq(signatureTemplates.id, request.params.id),
            eq(signatureTemplates.siteId, currentSiteId(request)),
          ),
        );
      if (!template) throw notFound();
      return app.files.send(reply, template.fileId);
    },
  );

  typed.post(
    '/api/signature/signed',
    {
      config: { access: sign },
      schema: {
        tags,
        description:
          "Prepares a copy of a document for signing (its newest valid version's template in `locale`): it " +
          'waits on /signatures/signing until signed or past its max age. 400 SIGNATURE_NO_TEMPLATE.',
        body: prepareSignedSchema,
        response: { 201: signedRecord },
      },
    },
    async (request, reply) => {
      const siteId = currentSiteId(request);
      const id = await db.transaction(async (tx) => {
        const created = await prepareSignature(
          tx,
          {
            siteId,
            documentId: request.body.document,
            locale: request.body.locale,
            title: request.body.title,
          },
          now(),
        );
        auditRecord(request, {
          entity: 'signature/signed',
          recordId: created,
          siteId,
          changes: { title: { to: request.body.title }, document: { to: request.body.document } },
        });
        return created;
      });
      return reply.status(201).send(await signed.get(id, siteId, undefined, request));
    },
  );

  typed.get(
    '/api/signature/signed/:id/form',
    {
      config: { access: sign },
      schema: { tags, params: idParamsSchema, response: { 200: signingFormSchema } },
    },
    async (request) => signingForm(db, currentSiteId(request), request.params.id),
  );

  typed.get(
    '/api/signature/signed/:id/pdf',
    {
      config: { access: read },
      schema: {
        tags,
        description: 'The signed PDF (the template while waiting); 404 once shredded.',
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      const { fileId } = await pdfFileOf(db, currentSiteId(request), request.params.id);
      return app.files.send(reply, fileId);
    },
  );

  typed.post(
    '/api/signature/signed/:id/sign',
    {
      // The body holds the signature images and the typed values: personal data that is shredded with the
      // document, so the audit records the business event (document, zones, the signed PDF's hash) instead.
      config: { access: sign, auditBody: false },
      schema: {
        tags,
        description:
          "Signs a waiting copy: the attributes' values and each zone's signature (PNG data URL); stamps " +
          'them into the PDF and archives it with its SHA-256. 400 VALIDATION on `values.<id>` and ' +
          '`signatures.<id>`, 409 SIGNATURE_EXPIRED (Document has expired), 409 SIGNATURE_SIGNED.',
        params: idParamsSchema,
        body: signBodySchema,
        response: { 200: signedRecord },
      },
      bodyLimit: 16 * 1024 * 1024,
    },
    async (request) => {
      const siteId = currentSiteId(request);
      await signDocument(db, app.files, request, siteId, request.params.id, request.body, now());
      return signed.get(request.params.id, siteId, undefined, request);
    },
  );

  typed.get(
    '/api/signature/validate/:id',
    {
      config: { access: read },
      schema: {
        tags,
        description: "Whether an archived signed document's stored PDF still has the hash stored at signing.",
        params: idParamsSchema,
        response: { 200: validateResultSchema },
      },
    },
    async (request) => validateArchived(db, app.files, currentSiteId(request), request.params.id),
  );
}
