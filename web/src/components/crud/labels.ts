import type { TFunction } from 'i18next';
import type { Entity } from '@strazce/contract';
import { refSource } from './refSources';
import type { Row } from './fieldWire';

/** `entity.<resource>.fields.<name>` (or the entity's own `i18nKey`). */
export function fieldLabel(t: TFunction, entity: Entity, name: string): string {
  return t(`${entity.i18nKey}.fields.${name}`, { defaultValue: name });
}

/** The list's title (`…title`) and the name of one record (`…one`). */
export function entityTitle(t: TFunction, entity: Entity): string {
  return t(`${entity.i18nKey}.title`, { defaultValue: entity.resource });
}
export function entityOne(t: TFunction, entity: Entity): string {
  return t(`${entity.i18nKey}.one`, { defaultValue: entityTitle(t, entity) });
}

/**
 * A value of an enumeration: the entity's own `…values.<field>.<VALUE>`, else the shared names of roles
 * (`entity.roles.<ROLE>`) and modules (`entity.modules.<MOD>`), else the value itself.
 */
export function enumLabel(t: TFunction, entity: Entity, name: string, value: string): string {
  return t(
    [`${entity.i18nKey}.values.${name}.${value}`, `entity.roles.${value}`, `entity.modules.${value}`],
    {
      defaultValue: value,
    },
  );
}

/**
 * How a record is named in confirmations: its reference label, else the first listed text or reference of
 * the record (a user name, a subject, a person), and only when it has none its number.
 */
export function recordLabel(entity: Entity, record: Row): string {
  const label = refSource(entity.resource).label(record);
  if (label) return label;
  for (const name of entity.fieldNames) {
    const field = entity.fields[name];
    const value = record[name];
    if (!field.list || field.writeOnly || value === null || value === undefined || value === '') continue;
    if (['text', 'email', 'phone'].includes(field.kind)) return String(value);
    if (field.kind === 'ref' && typeof value === 'object' && 'label' in value)
      return String((value as { label: unknown }).label);
  }
  return `#${record.id}`;
}
