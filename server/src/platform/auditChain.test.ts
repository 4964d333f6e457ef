import { describe, expect, it } from 'vitest';
import { canonicalJson, contentAroundCreated, type AuditEntry } from './auditChain';

const entry: AuditEntry = {
  created: new Date('2026-11-27T08:15:30.123Z'),
  event: 'WRITE',
  siteId: 3,
  authorId: 7,
  author: 'recepce.novak',
  method: 'POST',
  path: '/api/visit',
  entity: 'visit',
  recordId: '42',
  changes: { lastName: { to: 'Dvořák "uvozovky"' }, note: { from: null, to: 'řádek\nnový' } },
  address: '127.0.0.1',
  clientId: null,
  params: {},
  requestHeaders: { 'user-agent': 'x', 'x-request-id': 'r1' },
  requestBody: { lastName: 'Dvořák "uvozovky"', b: [1, { z: 1, a: 2 }] },
  responseHeaders: null,
  status: 201,
};

describe('audit entry content', () => {
  it('is the canonical JSON of the entry once the database puts the time between its two parts', () => {
    const { before, after } = contentAroundCreated(entry);
    const created = JSON.stringify(entry.created.toISOString());
    expect(`${before}${created}${after}`).toBe(canonicalJson(entry));
  });

  it('leaves out undefined fields as the canonical JSON does', () => {
    const partial = { ...entry, address: undefined, status: undefined } as unknown as AuditEntry;
    const { before, after } = contentAroundCreated(partial);
    expect(before.startsWith('{"author":')).toBe(true);
    expect(`${before}"2026-01-01T00:00:00.000Z"${after}`).toBe(
      canonicalJson({ ...partial, created: new Date('2026-01-01T00:00:00.000Z') }),
    );
  });
});
