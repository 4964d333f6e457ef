import type { TestContext, TestUser } from '../../../test/helper';
import { givenGates } from '../site/site.fixtures';
import { identityDocuments } from '../site/site.tables';
import { visitCards, visitPurposes } from './visit.tables';

/** Site data a visit needs (gate, purposes, a card, a document type), written straight to the database. */
export async function givenVisitSite(ctx: TestContext, siteId: number) {
  const { gate, backGate } = await givenGates(ctx, siteId);
  const [meeting, delivery, anonymous] = await ctx.db
    .insert(visitPurposes)
    .values([
      { siteId, name: 'Meeting', notificationEmails: 'reception@example.com; boss@example.com' },
      { siteId, name: 'Delivery' },
      { siteId, name: 'Interview', anonymize: true },
    ])
    .returning({ id: visitPurposes.id });
  const [card] = await ctx.db
    .insert(visitCards)
    .values({ siteId, code: `C-${siteId}-1`, name: 'Visitor 1' })
    .returning({ id: visitCards.id, code: visitCards.code });
  const [idCard] = await ctx.db
    .insert(identityDocuments)
    .values({ siteId, name: 'ID card' })
    .returning({ id: identityDocuments.id });
  return {
    gate,
    backGate,
    meeting: meeting.id,
    delivery: delivery.id,
    anonymous: anonymous.id,
    card,
    idCard: idCard.id,
  };
}

export type VisitSite = Awaited<ReturnType<typeof givenVisitSite>>;

let visitorCounter = 0;

/** A visitor nobody else uses, so that in-area checks of one test do not meet another's. */
export function visitor(site: VisitSite, overrides: Record<string, unknown> = {}) {
  visitorCounter++;
  return {
    purpose: site.delivery,
    gate: site.gate,
    firstName: 'Jana',
    lastName: `Nováková${visitorCounter}`,
    company: 'ACME s.r.o.',
    documentType: site.idCard,
    documentNumber: `10${String(visitorCounter).padStart(7, '0')}`,
    ...overrides,
  };
}

export async function enter(ctx: TestContext, user: TestUser, body: Record<string, unknown>) {
  return ctx.call(user, 'POST', '/api/visit', body);
}
