import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { HEADERS } from '@strazce/contract';

/** The OpenAPI description of the whole API, generated from the routes' zod schemas, at /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Strážce API', version: '0.1.0' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'header', name: HEADERS.authToken },
          basic: { type: 'http', scheme: 'basic' },
        },
      },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/docs', { config: { access: { roles: ['ROLE_ANY'] } }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
}
