import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FILE_SIZE_OPTIONS_MB,
  KNOWN_CONFIG_PROPERTIES,
  fileUploadQuerySchema,
  idParamsSchema,
  storedFile,
  type ModuleCode,
} from '@strazce/contract';
import type { Db } from '../../db/database';
import { crudRoutes } from '../../platform/crud';
import { AppError, notFound } from '../../platform/errors';
import { currentSiteId } from '../../platform/guard';
import { activeSiteProperty } from '../../platform/siteProperty';
import { attachmentDisposition } from '../../platform/contentDisposition';
import { FileStore, type StoredContent } from './fileStore';
import { files } from './files.tables';
import { recordPersonalRead } from '../../platform/personalReads';
import { NO_BODY } from '../../platform/requestBody';

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

/** What a stored file row tells a module that keeps the file (a vehicle's photo). */
export interface ReceivedFile {
  id: number;
  name: string;
  type: string;
  size: number;
  /** Reads the stored content (a module checking what it keeps: a PDF's pages). */
  content(): Promise<Buffer>;
}

/**
 * The one upload path of the product (`/api/system_file` and modules' own uploads, e.g. vehicle photos), on
 * `app.files` for the modules' routes. Their scope registers `multipart` with `MULTIPART_OPTIONS`.
 */
export interface FileUploads {
  /**
   * Receives the request's multipart part `file` within the site's FILE_MAX_SIZE_MB (413 PAYLOAD_TOO_LARGE),
   * checks its content (FILE_TYPE_MISMATCH, FILE_TYPE_REFUSED; `accept` narrows the sniffed types), stores it
   * and writes its `system_file` row of the site in a transaction that `then` joins with the module's own
   * rows. When anything fails the content is removed again.
   */
  receive<T>(
    request: FastifyRequest,
    options: {
      siteId: number;
      module: ModuleCode | null;
      accept?: (type: string) => boolean;
      then?: (tx: Db, file: ReceivedFile) => Promise<T>;
    },
  ): Promise<{ file: ReceivedFile; result: T | undefined }>;
  /**
   * Reads the request's multipart part `file` as `receive` does, within the site's FILE_MAX_SIZE_MB (413
   * PAYLOAD_TOO_LARGE), streamed, without keeping it: `consume` reads the content to its end (a PDF hashed to
   * be validated) and its result is returned, unless the content was over the limit.
   */
  inspect<T>(
    request: FastifyRequest,
    options: { siteId: number; consume: (content: Readable) => Promise<T> },
  ): Promise<T>;
  /**
   * Stores content the server made (a signed PDF) as `receive` stores an upload: checked by its content,
   * its `system_file` row written in a transaction that `then` joins; the content removed when anything fails.
   */
  storeBytes<T>(options: {
    siteId: number;
    module: ModuleCode | null;
    name: string;
    bytes: Uint8Array;
    then?: (tx: Db, file: ReceivedFile) => Promise<T>;
  }): Promise<{ file: ReceivedFile; result: T | undefined }>;
  /** A stored file's content (404 when the row or its content is missing). */
  read(fileId: number): Promise<Buffer>;
  /**
   * Sends a stored file's content with the app's headers: its sniffed type, a download (`attachment`),
   * no-store, nosniff and a sandbox policy. 404 when the row or its content is missing.
   */
  send(reply: FastifyReply, fileId: number): Promise<FastifyReply>;
  /** Deletes the file row inside the caller's transaction; returns the content's key for `removeContent`. */
  deleteRow(tx: Db, fileId: number): Promise<string | null>;
  /** Removes stored content (after the transaction that deleted its row committed). */
  removeContent(storageKey: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploads and downloads of stored files, for modules that keep files (see `FileUploads`). */
    files: FileUploads;
  }
}

/** `@fastify/multipart` options of every upload scope: one file part, at most the largest site limit. */
export const MULTIPART_OPTIONS = { limits: { files: 1, fields: 10, fileSize: LARGEST_MB * MB } };

function fileUploads(db: Db, store: FileStore): FileUploads {
  /** Writes the row of stored content in a transaction that `then` joins; removes the content on failure. */
  async function keep<T>(
    content: StoredContent,
    row: { siteId: number; module: ModuleCode | null; name: string },
    then?: (tx: Db, file: ReceivedFile) => Promise<T>,
  ): Promise<{ file: ReceivedFile; result: T | undefined }> {
    try {
      return await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(files)
          .values({ ...row, ...content })
          .returning({ id: files.id });
        const file = {
          id: created.id,
          name: row.name,
          type: content.type,
          size: content.size,
          content: () => fs.promises.readFile(store.pathOf(content.storageKey)),
        };
        return { file, result: then ? await then(tx, file) : undefined };
      });
    } catch (error) {
      await store.remove(content.storageKey);
      throw error;
    }
  }

  async function rowOf(fileId: number) {
    const [file] = await db.select().from(files).where(eq(files.id, fileId));
    if (!file || !(await store.exists(file.storageKey))) throw notFound('File');
    return file;
  }

  /** The multipart part `file` of an upload, its stream ending (truncated) at the site's limit. */
  async function filePart(request: FastifyRequest, siteId: number) {
    if (!request.isMultipart())
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data');
    const limitMb = await siteFileLimitMb(db, siteId);
    const part = await request.file({ limits: { fileSize: limitMb * MB }, throwFileSizeLimit: false });
    if (!part || part.fieldname !== 'file')
      throw new AppError('VALIDATION', 'No file sent', [{ path: 'file', message: 'validation.required' }]);
    return part;
  }

  return {
    async receive(request, { siteId, module, accept, then }) {
      const part = await filePart(request, siteId);
      const name = part.filename.trim().slice(0, 255) || 'file';
      const content = await store.store(part.file, name, part.mimetype, accept);
      return keep(content, { siteId, module, name }, then);
    },

    async inspect(request, { siteId, consume }) {
      const part = await filePart(request, siteId);
      const result = await consume(part.file);
      if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', 'File is larger than the site allows');
      return result;
    },

    async storeBytes({ siteId, module, name, bytes, then }) {
      const content = await store.store(
        Readable.from([Buffer.from(bytes)]),
        name,
        'application/octet-stream',
      );
      return keep(content, { siteId, module, name }, then);
    },

    async read(fileId) {
      return fs.promises.readFile(store.pathOf((await rowOf(fileId)).storageKey));
    },

    async send(reply, fileId) {
      const file = await rowOf(fileId);
      // Stored files are photos, signed PDFs, avatars and attachments: every download is a read of personal
      // data, recorded here for all of them (docs/privacy.md).
      await recordPersonalRead(db, reply.request, {
        kind: 'file',
        entity: 'system_file',
        siteId: file.siteId,
        recordIds: [file.id],
        fields: [file.module ?? 'file'],
      });
      return reply
        .header('content-type', file.type)
        .header('content-length', String(file.size))
        .header('content-disposition', attachmentDisposition(file.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(store.open(file.storageKey));
    },

    async deleteRow(tx, fileId) {
      const [removed] = await tx
        .delete(files)
        .where(eq(files.id, fileId))
        .returning({ storageKey: files.storageKey });
      return removed?.storageKey ?? null;
    },

    removeContent: (storageKey) => store.remove(storageKey),
  };
}

/** /admin/files: list, rename and delete stored files, upload to the current site, download. */
export function registerFileRoutes(app: FastifyInstance, db: Db, filesDir: string | undefined): void {
  // Without a directory (tests) the files go to a fresh temporary directory.
  const store = new FileStore(filesDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'strazce-files-')));
  const uploads = fileUploads(db, store);
  app.decorate('files', uploads);
  app.register(async (scope) => {
    await scope.register(multipart, MULTIPART_OPTIONS);
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
        config: { upload: true, access },
        schema: {
          tags: ['system_file'],
          description: `Upload one file (multipart/form-data, field \`file\`) to the current site; at most the site's FILE_MAX_SIZE_MB.`,
          consumes: ['multipart/form-data'],
          querystring: fileUploadQuerySchema,
          response: { 201: record },
        },
      },
      async (request, reply) => {
        const { file } = await uploads.receive(request, {
          siteId: currentSiteId(request),
          module: request.query.module ?? null,
        });
        return reply.status(201).send(await repository.get(file.id, null));
      },
    );

    typed.get(
      '/api/system_file/:id/data',
      { config: { access: { roles: storedFile.read } }, schema: { tags: ['system_file'], params: idParams } },
      async (request, reply) => uploads.send(reply, request.params.id),
    );

    typed.delete(
      '/api/system_file/:id',
      { config: { access }, schema: { body: NO_BODY, tags: ['system_file'], params: idParams } },
      async (request, reply) => {
        const storageKey = await db.transaction((tx) => uploads.deleteRow(tx, request.params.id));
        if (!storageKey) throw notFound('File');
        await store.remove(storageKey);
        return reply.status(204).send();
      },
    );
  });
}
