import { PERSONAL_CATEGORIES, personalFieldsOf, type PersonalCategory } from './classification';
import { CLASSIFICATION, TABLE_CLASSIFICATION } from './fields';
import {
  PROCESSING_ACTIVITIES,
  RETENTION_RULES,
  type ProcessingActivity,
  type RetentionKey,
} from './retention';

/** One row of the record of processing, its categories derived from the classification. */
export interface ProcessingRecordRow {
  activity: ProcessingActivity;
  categories: PersonalCategory[];
  /** The retention rule and its default days; undefined for a fixed retention (a text of its own). */
  rule?: { key: RetentionKey; property: string; defaultDays: number };
}

/** The categories of personal data an activity processes: those of its entities' fields and its tables. */
export function activityCategories(activity: ProcessingActivity): PersonalCategory[] {
  const found = new Set<PersonalCategory>(activity.extraCategories ?? []);
  for (const resource of activity.resources) {
    const classification = CLASSIFICATION[resource];
    if (!classification) throw new Error(`${resource} is not classified`);
    for (const field of personalFieldsOf(classification)) found.add(classification.fields[field]!);
  }
  for (const table of activity.tables ?? []) {
    const classification = TABLE_CLASSIFICATION.find((entry) => entry.table === table);
    if (!classification) throw new Error(`${table} is not classified`);
    for (const category of Object.values(classification.columns)) found.add(category);
  }
  return PERSONAL_CATEGORIES.filter((category) => found.has(category));
}

/** The record of processing (GDPR art. 30): every activity with its categories and retention. */
export function processingRecord(): ProcessingRecordRow[] {
  return PROCESSING_ACTIVITIES.map((activity) => {
    const rule = RETENTION_RULES.find((candidate) => candidate.key === activity.retention);
    return {
      activity,
      categories: activityCategories(activity),
      ...(rule ? { rule: { key: rule.key, property: rule.property, defaultDays: rule.defaultDays } } : {}),
    };
  });
}

/** Texts by key (the web app's locale, English for docs/privacy.md). */
export type RecordTexts = (key: string, params?: Record<string, string | number>) => string;

/**
 * The record of processing as Markdown (the generated part of docs/privacy.md, checked by
 * `privacy/classification.test.ts`; `UPDATE_PRIVACY_DOC=1` rewrites it).
 */
export function processingRecordMarkdown(t: RecordTexts): string {
  const lines = [
    `| ${t('privacy.record.activity')} | ${t('privacy.record.purpose')} | ${t('privacy.record.legalBasis')} | ${t('privacy.record.categories')} | ${t('privacy.record.recipients')} | ${t('privacy.record.retention')} |`,
    '|---|---|---|---|---|---|',
  ];
  for (const row of processingRecord()) {
    const key = row.activity.key;
    const retention = row.rule
      ? t('privacy.record.retentionDays', { count: row.rule.defaultDays, property: row.rule.property })
      : t(`privacy.activity.${key}.retention`);
    lines.push(
      `| ${t(`privacy.activity.${key}.name`)} | ${t(`privacy.activity.${key}.purpose`)} | ${t(`privacy.basis.${row.activity.legalBasis}`)} | ${row.categories.map((category) => t(`privacy.category.${category}`)).join(', ')} | ${t(`privacy.activity.${key}.recipients`)} | ${retention} |`,
    );
  }
  lines.push('', `| ${t('privacy.record.entity')} | ${t('privacy.record.personalFields')} |`, '|---|---|');
  for (const [resource, classification] of Object.entries(CLASSIFICATION).sort(([a], [b]) =>
    a.localeCompare(b),
  )) {
    const fields = personalFieldsOf(classification);
    if (fields.length === 0) continue;
    lines.push(
      `| \`${resource}\` | ${fields.map((field) => `${field} (${classification.fields[field]})`).join(', ')} |`,
    );
  }
  lines.push('', `| ${t('privacy.record.table')} | ${t('privacy.record.personalFields')} |`, '|---|---|');
  for (const table of TABLE_CLASSIFICATION)
    lines.push(
      `| \`${table.table}\` | ${Object.entries(table.columns)
        .map(([column, category]) => `${column} (${category})`)
        .join(', ')}${table.files ? ` + files (${table.files})` : ''} |`,
    );
  return lines.join('\n');
}
