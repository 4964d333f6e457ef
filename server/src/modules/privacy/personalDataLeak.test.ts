import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENTITY_CLASSIFICATIONS,
  KEPT_BY_ANONYMIZATION,
  PERSONAL_CATEGORIES,
  personalFieldsOf,
} from '@strazce/contract';
import { createTestContext, type TestContext, type TestUser } from '../../../test/helper';
import { changedFields } from '../../platform/audit';
import {
  changesWithoutPersonalValues,
  personalFieldsFor,
  withoutPersonalValues,
} from '../../platform/auditPrivacy';
import { audits } from '../../platform/platform.tables';
import { enter, givenVisitSite, visitor, type VisitSite } from '../visit/visit.fixtures';

/**
 * Nothing personal where it does not belong (issue 35 point 7): marker values sent in personal fields never
 * reach the server's log, the audit trail or an error answer. The audit is checked for every classified entity
 * (the classification drives it); requests go through HTTP for the entities of the busiest flows, with the
 * log at its most talkative level.
 */
const MASKED = PERSONAL_CATEGORIES.filter((category) => !KEPT_BY_ANONYMIZATION.includes(category));
let serial = 0;
const marker = () => `Zq${(++serial).toString(36)}Marker`;

describe('the audit of every classified entity', () => {
  const withPersonal = ENTITY_CLASSIFICATIONS.filter(
    (classification) => personalFieldsOf(classification, MASKED).length > 0,
  );

  it('covers the entities with personal fields', () => {
    expect(withPersonal.length).toBeGreaterThan(20);
  });

  it.each(withPersonal.map((classification) => [classification.resource, classification] as const))(
    '%s: a body and its changes keep no personal value',
    (resource, classification) => {
      const body = Object.fromEntries(
        personalFieldsOf(classification, MASKED).map((field) => [field, marker()]),
      );
      const markers = Object.values(body);
      const recorded = JSON.stringify([
        withoutPersonalValues(body, personalFieldsFor(resource)),
        changesWithoutPersonalValues(resource, changedFields(undefined, body)),
        changesWithoutPersonalValues(
          resource,
          changedFields({ ...body }, Object.fromEntries(Object.keys(body).map((field) => [field, marker()]))),
        ),
      ]);
      for (const value of markers) expect(recorded).not.toContain(value);
      expect(recorded).not.toMatch(/Zq[0-9a-z]+Marker/);
    },
  );
});

describe('requests with personal values in every field', () => {
  let ctx: TestContext;
  let site: VisitSite;
  let reception: TestUser;
  const log: string[] = [];
  const sent: string[] = [];
  const answers: string[] = [];
  const mark = () => {
    const value = marker();
    sent.push(value);
    return value;
  };

  beforeAll(async () => {
    ctx = await createTestContext({
      logLevel: 'trace',
      logRequests: 'info',
      logStream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          log.push(chunk.toString('utf8'));
          done();
        },
      }),
    });
    site = await givenVisitSite(ctx, ctx.siteA);
    reception = await ctx.givenUser({ roles: ['VISIT_USER', 'VIEW_PERSONAL_INFO'] });
  });
  afterAll(() => ctx?.close());

  const call = async (...args: Parameters<TestContext['call']>) => {
    const response = await ctx.call(...args);
    answers.push(`${response.statusCode} ${JSON.stringify(response.headers)}`);
    // A refusal's answer (code, message, details) names fields, never their values.
    if (response.statusCode >= 400) answers.push(response.body);
    return response;
  };

  it('a person created, changed and refused', async () => {
    const created = await call(ctx.admin, 'POST', '/api/system_person', {
      firstName: mark(),
      lastName: mark(),
      email: `${mark()}@example.com`,
      phone: '+420 601 234 567',
      note: mark(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const changed = await call(ctx.admin, 'PUT', `/api/system_person/${created.json().id}`, {
      version: created.json().version,
      lastName: mark(),
      note: mark(),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const refused = await call(ctx.admin, 'POST', '/api/system_person', {
      firstName: mark(),
      lastName: mark(),
      email: `not an e-mail ${mark()}`,
    });
    expect(refused.statusCode).toBe(400);
    const removed = await call(ctx.admin, 'DELETE', `/api/system_person/${created.json().id}`);
    expect(removed.statusCode).toBe(204);
  });

  it('a visit entered with companions, a document and a plate, and a refused one', async () => {
    const entered = await enter(
      ctx,
      reception,
      visitor(site, {
        firstName: mark(),
        lastName: mark(),
        company: mark(),
        documentNumber: mark(),
        vehiclePlate: '1AB 2345',
        note: mark(),
        companions: [{ name: mark(), document: mark() }],
        visitedFirstName: mark(),
        visitedLastName: mark(),
      }),
    );
    expect(entered.statusCode, entered.body).toBe(201);
    const refused = await call(reception, 'POST', '/api/visit', {
      gate: site.gate,
      lastName: mark(),
      documentNumber: mark(),
    });
    expect(refused.statusCode).toBe(400);
  });

  it('leaves no marker in the log, the audit trail or an answer of a refusal', async () => {
    expect(sent.length).toBeGreaterThan(15);
    expect(log.length).toBeGreaterThan(0);
    const rows = await ctx.db.select().from(audits);
    expect(rows.length).toBeGreaterThan(4);
    const trail = JSON.stringify(rows);
    const logged = log.join('');
    const answered = answers.join('\n');
    for (const value of sent) {
      expect(logged, `log: ${value}`).not.toContain(value);
      expect(trail, `audit: ${value}`).not.toContain(value);
      expect(answered, `answer: ${value}`).not.toContain(value);
    }
  });
});
