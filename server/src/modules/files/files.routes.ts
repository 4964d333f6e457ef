import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FILE_SIZE_OPTIONS_MB,
  KNOWN_CONFIG_PROPERTIES,
  fileUploadQuerySchema,
  idParamsSchema,
  storedFile,
} from '@strazce/contract';
import type { Db } from '../../db/database';
import { crudRoutes } from '../../platform/crud';
import { AppError, notFound } from '../../platform/errors';
import { currentSiteId } from '../../platform/guard';
import { activeSiteProperty } from '../../platform/siteProperty';
import { attachmentDisposition } from './contentDisposition';
import { FileStore } from './fileStore';
import { files } from './files.tables';

const idParams = idParamsSchema;
const MB = 1024 * 1024;
const LARGEST_MB = Math.max(...FILE_SIZE_OPTIONS_MB);

/** The site's largest accepted upload: its FILE_MAX_SIZE_MB property (1, 10 or 100 MB), else the default. */
export async function siteFileLimitMb(db: Db, siteId: number): Promise<number> {
  const value = Number(await activeSiteProperty(db, siteId, 'FILE_MAX_SIZE_MB'));
  return (FILE_SIZE_OPTIONS_MB as readonly number[]).includes(value)
    ? value
    : KNOWN_CONFIG_PROPERTIES.FILE_MAX_SIZE_MB.default;
}

/** /admin/files: list, rename and delete stored files, upload to the current site, download. */
export function registerFileRoutes(app: FastifyInstance, db: Db, filesDir: string | undefined): void {
  // Without a directory (tests) the files go to a fresh temporary directory.
  const store = new FileStore(filesDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'strazce-files-')));
  app.register(async (scope) => {
    await scope.register(multipart, { limits: { files: 1, fields: 10, fileSize: LARGEST_MB * MB } });
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    const access = { roles: storedFile.write };
    const record = storedFile.schemas.record as z.ZodType<Record<string, unknown>>;
    const repository = crudRoutes(scope, db, {
      entity: storedFile,
      table: files,
      omit: ['create', 'delete'],
    });

    typed.post(
      '/api/system_file',
      {
        config: { access },
        schema: {
          tags: ['system_file'],
          description: `Upload one file (multipart/form-data, field \`file\`) to the current site; at most the site's FILE_MAX_SIZE_MB.`,
          consumes: ['multipart/form-data'],
          querystring: fileUploadQuerySchema,
          response: { 201: record },
        },
      },
      async (request, reply) => {
        const siteId = currentSiteId(request);
        if (!request.isMultipart())
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data');
        const limitMb = await siteFileLimitMb(db, siteId);
        const part = await request.file({ limits: { fileSize: limitMb * MB }, throwFileSizeLimit: false });
        if (!part || part.fieldname !== 'file')
          throw new AppError('VALIDATION', 'No file sent', [
            { path: 'file', message: 'validation.required' },
          ]);
        const name = part.filename.trim().slice(0, 255) || 'file';
        const content = await store.store(part.file, name, part.mimetype);
        try {
          const [created] = await db.transaction((tx) =>
            tx
              .insert(files)
              .values({ siteId, module: request.query.module ?? null, name, ...content })
              .returning({ id: files.id }),
          );
          return reply.status(201).send(await repository.get(created.id, null));
        } catch (error) {
          await store.remove(content.storageKey);
          throw error;
        }
      },
    );

    typed.get(
      '/api/system_file/:id/data',
      { config: { access: { roles: storedFile.read } }, schema: { tags: ['system_file'], params: idParams } },
      async (request, reply) => {
        const [file] = await db.select().from(files).where(eq(files.id, request.params.id));
        if (!file || !(await store.exists(file.storageKey))) throw notFound('File');
        return reply
          .header('content-type', file.type)
          .header('content-length', String(file.size))
          .header('content-disposition', attachmentDisposition(file.name))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(store.open(file.storageKey));
      },
    );

    typed.delete(
      '/api/system_file/:id',
      { config: { access }, schema: { tags: ['system_file'], params: idParams } },
      async (request, reply) => {
        const [removed] = await db.transaction((tx) =>
          tx.delete(files).where(eq(files.id, request.params.id)).returning({ storageKey: files.storageKey }),
        );
        if (!removed) throw notFound('File');
        await store.remove(removed.storageKey);
        return reply.status(204).send();
      },
    );
  });
}
