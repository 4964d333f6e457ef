import type { TestContext, TestUser } from '../../../test/helper';

/** A vehicle advice category of the user's current site, created through the API. */
export async function givenAdviceCategory(ctx: TestContext, user: TestUser, name: string): Promise<number> {
  const response = await ctx.call(user, 'POST', '/api/vehicle/advice/category', { name });
  if (response.statusCode !== 201) throw new Error(`category: ${response.body}`);
  return response.json().id as number;
}

/** A vehicle advice of the user's current site, created through the API (an IN advice unless told). */
export async function givenVehicleAdvice(
  ctx: TestContext,
  user: TestUser,
  fields: Record<string, unknown> & { category: number; date: string },
): Promise<{ id: number } & Record<string, unknown>> {
  const response = await ctx.call(user, 'POST', '/api/vehicle/advice', { direction: 'IN', ...fields });
  if (response.statusCode !== 201) throw new Error(`advice: ${response.body}`);
  return response.json();
}
