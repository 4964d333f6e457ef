import type { TestContext } from '../../../test/helper';
import { districts, gates } from './site.tables';

/** A district of the site with two gates (the first named `firstGate`, the other 'Back gate'), for movements. */
export async function givenGates(ctx: TestContext, siteId: number, firstGate = 'Main gate') {
  const [district] = await ctx.db
    .insert(districts)
    .values({ siteId, name: `District ${siteId}` })
    .returning({ id: districts.id });
  const [gate, backGate] = await ctx.db
    .insert(gates)
    .values([
      { siteId, name: firstGate, districtId: district.id },
      { siteId, name: 'Back gate', districtId: district.id },
    ])
    .returning({ id: gates.id });
  return { gate: gate.id, backGate: backGate.id };
}
