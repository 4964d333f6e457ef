import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';

/**
 * For test runs on the production response path (records sent as the database wrote them, no response
 * validation by the serializer): every JSON answer is checked here against its route's response schema
 * instead. A body the schema refuses, or one with fields outside it (which production would send as they
 * are), is recorded as a violation; the test context fails its file with them when it closes.
 */
export function checkResponsesAgainstContract(app: FastifyInstance, violations: string[]): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const responses = (request.routeOptions.schema as { response?: Record<string, unknown> } | undefined)
      ?.response;
    const schema = responses?.[String(reply.statusCode)] as ZodType | undefined;
    const json = String(reply.getHeader('content-type') ?? '').includes('json');
    if (!schema || !json || typeof payload !== 'string') return payload;
    const route = `${request.method} ${request.routeOptions.url} → ${reply.statusCode}`;
    const body: unknown = JSON.parse(payload);
    const result = schema.safeParse(body);
    if (!result.success) violations.push(`${route}: ${result.error.message}`);
    else if (!isDeepStrictEqual(JSON.parse(JSON.stringify(result.data)), body))
      violations.push(`${route}: fields outside the response schema`);
    return payload;
  });
}
