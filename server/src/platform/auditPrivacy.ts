import {
  ENTITY_CLASSIFICATIONS,
  KEPT_BY_ANONYMIZATION,
  PERSONAL_CATEGORIES,
  PERSONAL_VALUE_MASK,
  personalFieldsOf,
} from '@strazce/contract';

/**
 * Personal data stays out of the audit trail (issue 35 point 7, docs/privacy.md): an entry records the business
 * event with the record's id and which fields changed, never a person's name, document, contact, plate, image,
 * signature or free text. What counts comes from the classification (privacy/fields.ts), one place: the
 * categories that anonymization removes (a time and place trail is kept, as by retention). The audit keeps no
 * value that retention would have to find and erase later.
 */
const MASKED_CATEGORIES = PERSONAL_CATEGORIES.filter((category) => !KEPT_BY_ANONYMIZATION.includes(category));

/** Each entity's personal fields, computed once: every audited write asks. */
const PERSONAL_BY_RESOURCE: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  ENTITY_CLASSIFICATIONS.map((classification) => [
    classification.resource,
    new Set(personalFieldsOf(classification, MASKED_CATEGORIES)),
  ]),
);

/** Field names that are personal in any entity: for bodies, nested records and records of no entity. */
const ANY_PERSONAL: ReadonlySet<string> = new Set(
  [...PERSONAL_BY_RESOURCE.values()].flatMap((fields) => [...fields]),
);

/** The personal fields of a resource's records: its own classification, else every entity's. */
export function personalFieldsFor(resource: string | null | undefined): ReadonlySet<string> {
  return (resource && PERSONAL_BY_RESOURCE.get(resource)) || ANY_PERSONAL;
}

/** A copy of a body, query or value with the values of personal keys (at any depth) replaced by the mask. */
export function withoutPersonalValues(
  value: unknown,
  personal: ReadonlySet<string> = ANY_PERSONAL,
  depth = 0,
): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Buffer.isBuffer(value) || value instanceof Date) return value;
  if (Array.isArray(value)) return value.map((item) => withoutPersonalValues(item, ANY_PERSONAL, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, item]) => [
      key,
      personal.has(key) && item !== null && item !== undefined && item !== ''
        ? PERSONAL_VALUE_MASK
        : withoutPersonalValues(item, ANY_PERSONAL, depth + 1),
    ]),
  );
}

type Changes = Record<string, { from?: unknown; to?: unknown }>;

/** The changed fields of a record of `resource`: a personal field says that it changed, not from what to what. */
export function changesWithoutPersonalValues(resource: string, changes: Changes): Changes {
  const personal = personalFieldsFor(resource);
  const mask = (value: unknown) =>
    value === null || value === undefined || value === '' ? value : PERSONAL_VALUE_MASK;
  return Object.fromEntries(
    Object.entries(changes).map(([key, change]) => [
      key,
      personal.has(key)
        ? {
            ...('from' in change ? { from: mask(change.from) } : {}),
            ...('to' in change ? { to: mask(change.to) } : {}),
          }
        : {
            ...('from' in change ? { from: withoutPersonalValues(change.from, ANY_PERSONAL, 1) } : {}),
            ...('to' in change ? { to: withoutPersonalValues(change.to, ANY_PERSONAL, 1) } : {}),
          },
    ]),
  );
}
