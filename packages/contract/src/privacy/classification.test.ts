import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as contract from '../index';
import type { Entity } from '../entity';
import { KNOWN_CONFIG_PROPERTIES } from '../siteConfig';
import { PERSONAL_CATEGORIES, personalFieldsOf } from './classification';
import { CLASSIFICATION, ENTITY_CLASSIFICATIONS, TABLE_CLASSIFICATION } from './fields';
import { processingRecordMarkdown } from './record';
import { PROCESSING_ACTIVITIES, RETENTION_RULES } from './retention';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const DOC = path.join(ROOT, 'docs/privacy.md');
const BEGIN =
  '<!-- record:begin (generated from packages/contract/src/privacy; UPDATE_PRIVACY_DOC=1 rewrites it) -->';
const END = '<!-- record:end -->';

/** Every entity the contract exports. */
const entities = (Object.values(contract) as unknown[]).filter(
  (value): value is Entity =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Entity).resource === 'string' &&
    typeof (value as Entity).fields === 'object' &&
    typeof (value as Entity).schemas === 'object',
);

type Tree = { [key: string]: string | Tree };
const english = JSON.parse(readFileSync(path.join(ROOT, 'web/src/locales/en.json'), 'utf8')) as Tree;
function t(key: string, params: Record<string, string | number> = {}): string {
  let node: string | Tree | undefined = english;
  const parts = key.split('.');
  for (const [index, part] of parts.entries()) {
    if (typeof node !== 'object') break;
    const plural: string | Tree | undefined =
      index === parts.length - 1 && typeof params.count === 'number'
        ? node[`${part}_${params.count === 1 ? 'one' : 'other'}`]
        : undefined;
    node = plural ?? node[part];
  }
  if (typeof node !== 'string') throw new Error(`No English text ${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));
}

describe('classification of personal data', () => {
  it('classifies every field of every entity, and nothing else', () => {
    expect(entities.length).toBeGreaterThan(80);
    const unclassified: string[] = [];
    for (const entity of entities) {
      const classification = CLASSIFICATION[entity.resource];
      if (!classification) {
        unclassified.push(entity.resource);
        continue;
      }
      for (const field of entity.fieldNames)
        if (!(field in classification.fields)) unclassified.push(`${entity.resource}.${field}`);
      expect(Object.keys(classification.fields).sort()).toEqual([...entity.fieldNames].sort());
    }
    expect(unclassified).toEqual([]);
    expect(ENTITY_CLASSIFICATIONS).toHaveLength(new Set(entities.map((entity) => entity.resource)).size);
  });

  it('uses the known categories only', () => {
    for (const classification of ENTITY_CLASSIFICATIONS)
      for (const category of Object.values(classification.fields))
        if (category !== null) expect(PERSONAL_CATEGORIES).toContain(category);
    for (const table of TABLE_CLASSIFICATION)
      for (const category of Object.values(table.columns)) expect(PERSONAL_CATEGORIES).toContain(category);
  });

  it('holds every field that masking hides as personal', () => {
    expect(personalFieldsOf(CLASSIFICATION.visit)).toEqual(
      expect.arrayContaining([...contract.VISIT_PERSONAL_FIELDS]),
    );
    expect(personalFieldsOf(CLASSIFICATION.vehicle)).toEqual(
      expect.arrayContaining([...contract.VEHICLE_PERSONAL_FIELDS]),
    );
  });

  it('names a site property of each retention rule, with its default, and activities of classified data', () => {
    for (const rule of RETENTION_RULES)
      expect(KNOWN_CONFIG_PROPERTIES[rule.property]).toEqual({ type: 'LONG', default: rule.defaultDays });
    for (const activity of PROCESSING_ACTIVITIES)
      for (const resource of activity.resources) expect(CLASSIFICATION[resource]).toBeDefined();
  });

  it('is the record of processing in docs/privacy.md', () => {
    const generated = processingRecordMarkdown(t);
    const doc = readFileSync(DOC, 'utf8');
    const start = doc.indexOf(BEGIN);
    const end = doc.indexOf(END);
    expect(start, 'docs/privacy.md has the record markers').toBeGreaterThanOrEqual(0);
    const current = doc.slice(start + BEGIN.length, end).trim();
    if (process.env.UPDATE_PRIVACY_DOC && current !== generated) {
      writeFileSync(DOC, `${doc.slice(0, start + BEGIN.length)}\n${generated}\n${doc.slice(end)}`);
      return;
    }
    expect(current).toBe(generated);
  });
});
