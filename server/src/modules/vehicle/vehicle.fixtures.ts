import type { TestContext, TestUser } from '../../../test/helper';

/** A vehicle advice category of the user's current site, created through the API. */
export async function givenAdviceCategory(ctx: TestContext, user: TestUser, name: string): Promise<number> {
  const response = await ctx.call(user, 'POST', '/api/vehicle/advice/category', { name });
  if (response.statusCode !== 201) throw new Error(`category: ${response.body}`);
  return response.json().id as number;
}

/**
 * A vehicle advice of the user's current site, created through the API (an IN advice unless told). An advice
 * of a day already past in the site's zone (refused now: its date must be in the future) is recorded as it was
 * on its day: the app's clock stands at noon UTC of that day for the call, then back where it was.
 */
export async function givenVehicleAdvice(
  ctx: TestContext,
  user: TestUser,
  fields: Record<string, unknown> & { category: number; date: string },
): Promise<{ id: number } & Record<string, unknown>> {
  const body = { direction: 'IN', ...fields };
  let response = await ctx.call(user, 'POST', '/api/vehicle/advice', body);
  const past = (response.json().details as Array<{ message: string }> | undefined)?.some(
    (detail) => detail.message === 'validation.futureDate',
  );
  if (response.statusCode === 400 && past) {
    const now = ctx.clock.now();
    await ctx.clock.set(Date.parse(`${fields.date}T12:00:00Z`));
    try {
      response = await ctx.call(user, 'POST', '/api/vehicle/advice', body);
    } finally {
      await ctx.clock.set(now);
    }
  }
  if (response.statusCode !== 201) throw new Error(`advice: ${response.body}`);
  return response.json();
}
