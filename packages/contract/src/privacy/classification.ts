import type { Entity, Fields } from '../entity';

/**
 * Categories of personal data (docs/privacy.md). Every field of every entity is declared personal (with its
 * category) or not (`null`) in `CLASSIFICATION` (privacy/fields.ts); tables that are no entity declare their
 * personal columns in `TABLE_CLASSIFICATION`. Masking, retention (anonymization), erasure, export and the record
 * of processing read them from there.
 */
export const PERSONAL_CATEGORIES = [
  'identity',
  'contact',
  'document',
  'plate',
  'image',
  'signature',
  'trail',
  'freeText',
] as const;
export type PersonalCategory = (typeof PERSONAL_CATEGORIES)[number];

/** A field's classification: its category of personal data, or `null` when it holds none. */
export type FieldClassification = PersonalCategory | null;

/** What the audit trail records instead of a personal value (the field changed; its value is not kept there). */
export const PERSONAL_VALUE_MASK = '(personal)';

/**
 * Categories that anonymization keeps: a time and place trail (movement times, gates) stays with the record
 * so that the gate load, the KPIs and the stock history keep working; once the identity, contact, document,
 * plate, image, signature and free-text values are gone, the trail points to nobody.
 */
export const KEPT_BY_ANONYMIZATION: readonly PersonalCategory[] = ['trail'];

export interface EntityClassification {
  resource: string;
  fields: Record<string, FieldClassification>;
}

/** Every field of an entity's fields `F` with its category (null: not personal). */
export type FieldMap<F extends Fields> = { [K in keyof F & string]: FieldClassification };

/** The field map of an entity, for one map shared by entities with the same fields. */
export type EntityFieldMap<E> = E extends Entity<infer F> ? FieldMap<F> : never;

/**
 * The classification of one entity: every field named (TypeScript refuses a map that leaves a field out, the
 * contract test `privacy/classification.test.ts` refuses an entity that has no map).
 */
export function classify<F extends Fields>(entity: Entity<F>, fields: FieldMap<F>): EntityClassification {
  return { resource: entity.resource, fields };
}

/** The personal fields of a classified entity (optionally of some categories only). */
export function personalFieldsOf(
  classification: EntityClassification,
  categories: readonly PersonalCategory[] = PERSONAL_CATEGORIES,
): string[] {
  return Object.entries(classification.fields)
    .filter(([, category]) => category !== null && categories.includes(category))
    .map(([name]) => name);
}

/** The personal columns of a table that is no entity (or of columns an entity does not show). */
export interface TableClassification {
  table: string;
  /** Column (database name) → category. Columns not named hold no personal data. */
  columns: Record<string, PersonalCategory>;
  /** Stored files the rows point to (photos, signed PDFs, attachments): deleted with the record's personal data. */
  files?: PersonalCategory;
}
