import { sql } from 'drizzle-orm';
import { boolean, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { SignatureAttributeType, SignatureLocale, SignedStatus } from '@strazce/contract';
import { entityColumns, ts } from '../../db/columns';
import { clients, siteReference, users } from '../../platform/platform.tables';
import { files } from '../files/files.tables';

/**
 * Signatures (MOD_SIGNATURE, docs/signatures.md): documents, their versions, a PDF template per version and
 * language with its zones and attributes, and the signed copies (waiting, signed, shredded). Every table
 * carries `site_id`. Coordinates are PDF points from the page's top-left corner (see the contract).
 */

/** A coordinate or size in PDF points, two decimals. */
const points = () => numeric({ precision: 8, scale: 2, mode: 'number' }).notNull();

export const signatureDocuments = pgTable(
  'signature_document',
  {
    ...entityColumns(),
    siteId: siteReference(),
    name: text().notNull(),
    shredDays: integer(),
    maxAgeDays: integer(),
    description: text(),
    valid: boolean().notNull().default(true),
  },
  (t) => [uniqueIndex('signature_document_name_uq').on(t.siteId, t.name)],
);

export const signatureVersions = pgTable(
  'signature_version',
  {
    ...entityColumns(),
    siteId: siteReference(),
    documentId: integer()
      .notNull()
      .references(() => signatureDocuments.id),
    name: text().notNull(),
    valid: boolean().notNull().default(true),
  },
  (t) => [index('signature_version_document_idx').on(t.siteId, t.documentId, t.name)],
);

export const signatureTemplates = pgTable(
  'signature_template',
  {
    ...entityColumns(),
    siteId: siteReference(),
    versionId: integer()
      .notNull()
      .references(() => signatureVersions.id),
    locale: text().$type<SignatureLocale>().notNull(),
    fileId: integer()
      .notNull()
      .references(() => files.id),
    fileName: text().notNull(),
    pages: integer().notNull(),
  },
  (t) => [
    uniqueIndex('signature_template_locale_uq').on(t.versionId, t.locale),
    index('signature_template_site_idx').on(t.siteId, t.versionId),
  ],
);

/** What a zone and an attribute share: a named place on a page of a template. */
const placedColumns = () => ({
  ...entityColumns(),
  siteId: siteReference(),
  templateId: integer()
    .notNull()
    .references(() => signatureTemplates.id, { onDelete: 'cascade' }),
  name: text().notNull(),
  page: integer().notNull(),
  x: points(),
  y: points(),
});

export const signatureZones = pgTable(
  'signature_zone',
  {
    ...placedColumns(),
    width: points(),
    height: points(),
    notification: text(),
  },
  (t) => [index('signature_zone_template_idx').on(t.siteId, t.templateId, t.name)],
);

export const signatureAttributes = pgTable(
  'signature_attribute',
  {
    ...placedColumns(),
    printName: text(),
    type: text().$type<SignatureAttributeType>().notNull(),
    mandatory: boolean().notNull().default(false),
    stamp: boolean().notNull().default(true),
    fontSize: integer().notNull().default(10),
    bold: boolean().notNull().default(false),
    italic: boolean().notNull().default(false),
    underline: boolean().notNull().default(false),
    min: numeric({ precision: 15, scale: 3, mode: 'number' }),
    max: numeric({ precision: 15, scale: 3, mode: 'number' }),
    values: text(),
  },
  (t) => [index('signature_attribute_template_idx').on(t.siteId, t.templateId, t.name)],
);

/** A copy of a document prepared for signing, signed and archived, and at last shredded. */
export const signatureSigned = pgTable(
  'signature_signed',
  {
    ...entityColumns(),
    siteId: siteReference(),
    created: ts().notNull().defaultNow(),
    title: text().notNull(),
    documentId: integer()
      .notNull()
      .references(() => signatureDocuments.id),
    templateId: integer()
      .notNull()
      .references(() => signatureTemplates.id),
    locale: text().$type<SignatureLocale>().notNull(),
    status: text().$type<SignedStatus>().notNull().default('WAITING'),
    /** When a waiting copy expires: `created` plus the document's max age (null: never). */
    expires: ts(),
    signedAt: ts(),
    signedBy: text(),
    signedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    terminal: text(),
    terminalId: integer().references(() => clients.id, { onDelete: 'set null' }),
    /** The signed PDF (null while waiting and once shredded). */
    fileId: integer().references(() => files.id, { onDelete: 'set null' }),
    sha256: text(),
    /** When the signed PDF is shredded: `signedAt` plus the document's shred days (null: kept). */
    shredDue: ts(),
    shreddedAt: ts(),
    /** The values the signer filled, by attribute name. */
    attributeValues: text(),
    source: text(),
    sourceId: integer(),
  },
  (t) => [
    index('signature_signed_created_idx').on(t.siteId, t.created),
    index('signature_signed_status_idx').on(t.siteId, t.status, t.created),
    index('signature_signed_hash_idx').on(t.siteId, t.sha256),
    index('signature_signed_source_idx').on(t.siteId, t.source, t.sourceId),
    index('signature_signed_shred_idx')
      .on(t.shredDue)
      .where(sql`${t.shreddedAt} is null and ${t.shredDue} is not null`),
  ],
);
