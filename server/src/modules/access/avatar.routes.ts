import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import { AVATAR_MAX_BYTES, AVATAR_TYPES, idSchema } from '@strazce/contract';
import type { Db } from '../../db/database';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { LOGGED_IN, sessionOf } from '../../platform/guard';
import { userAvatars } from './access.tables';
import { NO_BODY } from '../../platform/requestBody';

/**
 * The avatar photo of the profile: the current user uploads (raw image body) and deletes their own; a user
 * reads their own, an administrator anybody's. The bytes are sniffed, so the declared type must be the real one.
 */
export function registerAvatarRoutes(app: FastifyInstance, db: Db): void {
  // Encapsulated: the raw image parser applies to these routes only.
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      [...AVATAR_TYPES],
      { parseAs: 'buffer', bodyLimit: AVATAR_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['access_user'];

    typed.get(
      '/api/access_user/avatar',
      {
        config: { access: LOGGED_IN },
        schema: {
          tags,
          querystring: z.object({ id: idSchema }),
        },
      },
      async (request, reply) => {
        const session = sessionOf(request);
        if (request.query.id !== session.userId && !session.roles.includes('ADMINISTRATOR'))
          throw forbidden('Only an administrator may see the avatar of another user');
        const [avatar] = await db.select().from(userAvatars).where(eq(userAvatars.userId, request.query.id));
        if (!avatar) throw notFound('Avatar');
        return reply
          .type(avatar.contentType)
          .header('cache-control', 'private, no-cache')
          .header('x-content-type-options', 'nosniff')
          .header('last-modified', avatar.updatedAt.toUTCString())
          .send(avatar.data);
      },
    );

    typed.put(
      '/api/access_user/avatar',
      {
        config: { upload: true, access: LOGGED_IN },
        schema: {
          tags,
          description: 'Raw PNG, JPEG or WebP body, at most 512 kB.',
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        const session = sessionOf(request);
        const data = request.body;
        if (!Buffer.isBuffer(data))
          throw new AppError(
            'UNSUPPORTED_MEDIA_TYPE',
            `The avatar must be one of ${AVATAR_TYPES.join(', ')}`,
          );
        const declared = String(request.headers['content-type']).split(';')[0].trim().toLowerCase();
        const detected = data.length > 0 ? await fileTypeFromBuffer(data) : undefined;
        if (!detected || detected.mime !== declared) {
          throw new AppError('FILE_TYPE_MISMATCH', 'The file is not the image it claims to be', [
            { path: '', message: 'validation.imageType' },
          ]);
        }
        const values = { contentType: detected.mime, data, updatedAt: new Date(request.server.clock.now()) };
        await db.transaction((tx) =>
          tx
            .insert(userAvatars)
            .values({ userId: session.userId, ...values })
            .onConflictDoUpdate({ target: userAvatars.userId, set: values }),
        );
        return reply.status(204).send(null);
      },
    );

    typed.delete(
      '/api/access_user/avatar',
      { config: { access: LOGGED_IN }, schema: { body: NO_BODY, tags } },
      async (request, reply) => {
        const userId = sessionOf(request).userId;
        await db.transaction((tx) => tx.delete(userAvatars).where(eq(userAvatars.userId, userId)));
        return reply.status(204).send();
      },
    );
  });
}
