import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  HEADERS,
  VEHICLE_PHOTO_READ,
  VEHICLE_PHOTO_TYPES,
  VEHICLE_PHOTO_WRITE,
  idParamsSchema,
  vehiclePhotoQuerySchema,
  vehiclePhotoSchema,
  type VehiclePhoto,
} from '@strazce/contract';
import type { Db } from '../../db/database';
import { auditRecord } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import { currentSiteId, sessionOf } from '../../platform/guard';
import { users } from '../../platform/platform.tables';
import { MULTIPART_OPTIONS } from '../files/files.routes';
import { files } from '../files/files.tables';
import { vehicleMovements, vehiclePhotos } from './vehicle.tables';
import { NO_BODY } from '../../platform/requestBody';

const MODULE = 'MOD_VEHICLE' as const;
const AUDIT_ENTITY = 'vehicle/photo';
const PHOTO_TYPES = new Set<string>(VEHICLE_PHOTO_TYPES);

/** The columns of a photo as the API sends it (`vehiclePhotoSchema`). */
const photoColumns = {
  id: vehiclePhotos.id,
  movement: vehiclePhotos.movementId,
  name: files.name,
  type: files.type,
  size: files.size,
  createdAt: vehiclePhotos.createdAt,
  userId: users.id,
  userName: users.userName,
};

type PhotoRow = { [K in keyof typeof photoColumns]: (typeof photoColumns)[K]['_']['data'] | null };

function toPhoto(row: PhotoRow): VehiclePhoto {
  return {
    id: row.id!,
    movement: row.movement!,
    name: row.name!,
    type: row.type!,
    size: row.size!,
    createdAt: row.createdAt!.toISOString(),
    createdBy: row.userId !== null ? { id: row.userId, label: row.userName ?? '' } : null,
  };
}

/**
 * Deletes the photos of a movement that is being deleted, inside its transaction (their file rows, so that the
 * files list keeps no photo of a record that is gone); answers the contents to remove after the commit.
 */
export async function deleteMovementPhotos(tx: Db, request: FastifyRequest, movementId: number) {
  const photos = await tx
    .select({ fileId: vehiclePhotos.fileId })
    .from(vehiclePhotos)
    .where(eq(vehiclePhotos.movementId, movementId));
  const keys: string[] = [];
  for (const photo of photos) {
    const key = await request.server.files.deleteRow(tx, photo.fileId);
    if (key) keys.push(key);
  }
  return keys;
}

/** Removes stored photo contents once the deletion that freed them has committed. */
export async function removePhotoContents(request: FastifyRequest, keys: readonly string[]) {
  for (const key of keys) await request.server.files.removeContent(key);
}

/**
 * Photos of a vehicle movement (`/api/vehicle/photo`), kept as stored files through the files machinery
 * (`app.files`: content sniffed, images only, the site's FILE_MAX_SIZE_MB): list and upload by `?movement=`,
 * the image's bytes, delete. Readers of movements see them, writers add and remove them; a movement or photo
 * of another site is 404. Registered by `registerVehicleRoutes` after the files routes.
 */
export function registerVehiclePhotoRoutes(app: FastifyInstance, db: Db): void {
  const tags = ['vehicle'];
  const read = { roles: VEHICLE_PHOTO_READ, module: MODULE };
  const write = { roles: VEHICLE_PHOTO_WRITE, module: MODULE };

  /** The movement of the current site, else 404 (another site's movement is not there for the caller). */
  const movementOf = async (siteId: number, movementId: number) => {
    const [movement] = await db
      .select({ id: vehicleMovements.id })
      .from(vehicleMovements)
      .where(and(eq(vehicleMovements.id, movementId), eq(vehicleMovements.siteId, siteId)));
    if (!movement) throw notFound('Vehicle movement');
    return movement.id;
  };

  const selectPhotos = () =>
    db
      .select(photoColumns)
      .from(vehiclePhotos)
      .innerJoin(files, eq(files.id, vehiclePhotos.fileId))
      .leftJoin(users, eq(users.id, vehiclePhotos.userId));

  /** A photo of the current site with its file, else 404. */
  const photoOf = async (siteId: number, photoId: number) => {
    const [photo] = await db
      .select({ id: vehiclePhotos.id, fileId: vehiclePhotos.fileId, movementId: vehiclePhotos.movementId })
      .from(vehiclePhotos)
      .where(and(eq(vehiclePhotos.id, photoId), eq(vehiclePhotos.siteId, siteId)));
    if (!photo) throw notFound('Photo');
    return photo;
  };

  app.register(async (scope) => {
    await scope.register(multipart, MULTIPART_OPTIONS);
    const typed = scope.withTypeProvider<ZodTypeProvider>();

    typed.get(
      '/api/vehicle/photo',
      {
        config: { access: read },
        schema: {
          tags,
          description:
            "The photos of a vehicle movement (`?movement=<id>`), oldest first; 404 for another site's.",
          querystring: vehiclePhotoQuerySchema,
          response: { 200: z.array(vehiclePhotoSchema) },
        },
      },
      async (request, reply) => {
        const siteId = currentSiteId(request);
        const movementId = await movementOf(siteId, request.query.movement);
        const rows = await selectPhotos()
          .where(and(eq(vehiclePhotos.siteId, siteId), eq(vehiclePhotos.movementId, movementId)))
          .orderBy(asc(vehiclePhotos.id));
        reply.header(HEADERS.totalCount, String(rows.length));
        return rows.map(toPhoto);
      },
    );

    typed.post(
      '/api/vehicle/photo',
      {
        config: { upload: true, access: write },
        schema: {
          tags,
          description:
            'Adds a photo to a vehicle movement (`?movement=<id>`; multipart/form-data, field `file`): an image ' +
            `(${VEHICLE_PHOTO_TYPES.join(', ')}) by its content, at most the site's FILE_MAX_SIZE_MB; kept as a ` +
            'stored file of the site (module MOD_VEHICLE). 415 FILE_TYPE_MISMATCH when the content does not ' +
            'match the name, FILE_TYPE_REFUSED when it is no such image; 413 PAYLOAD_TOO_LARGE.',
          consumes: ['multipart/form-data'],
          querystring: vehiclePhotoQuerySchema,
          response: { 201: vehiclePhotoSchema },
        },
      },
      async (request, reply) => {
        const siteId = currentSiteId(request);
        const movementId = await movementOf(siteId, request.query.movement);
        const userId = sessionOf(request).userId;
        const { result: photoId } = await app.files.receive(request, {
          siteId,
          module: MODULE,
          accept: (type) => PHOTO_TYPES.has(type),
          then: async (tx, file) => {
            const [photo] = await tx
              .insert(vehiclePhotos)
              .values({ siteId, movementId, fileId: file.id, userId, createdAt: new Date(app.clock.now()) })
              .returning({ id: vehiclePhotos.id });
            auditRecord(request, {
              entity: AUDIT_ENTITY,
              recordId: photo.id,
              siteId,
              changes: {
                movement: { to: movementId },
                file: { to: { id: file.id, name: file.name, type: file.type, size: file.size } },
              },
            });
            return photo.id;
          },
        });
        const [row] = await selectPhotos().where(eq(vehiclePhotos.id, photoId!));
        return reply.status(201).send(toPhoto(row));
      },
    );

    typed.get(
      '/api/vehicle/photo/:id/data',
      {
        config: { access: read },
        schema: {
          tags,
          description:
            "The photo's image (its sniffed type, no-store, nosniff); 404 for another site's photo.",
          params: idParamsSchema,
        },
      },
      async (request, reply) => {
        const photo = await photoOf(currentSiteId(request), request.params.id);
        return app.files.send(reply, photo.fileId);
      },
    );

    typed.delete(
      '/api/vehicle/photo/:id',
      {
        config: { access: write },
        schema: {
          body: NO_BODY,
          tags,
          description: "Removes a photo of a movement with its stored file; 404 for another site's photo.",
          params: idParamsSchema,
        },
      },
      async (request, reply) => {
        const siteId = currentSiteId(request);
        const photo = await photoOf(siteId, request.params.id);
        auditRecord(request, {
          entity: AUDIT_ENTITY,
          recordId: photo.id,
          siteId,
          changes: { movement: { from: photo.movementId }, file: { from: photo.fileId } },
        });
        // The photo row goes with its file row (foreign key cascade); the content after the commit.
        const storageKey = await db.transaction((tx) => app.files.deleteRow(tx, photo.fileId));
        if (!storageKey) throw notFound('Photo');
        await app.files.removeContent(storageKey);
        return reply.status(204).send();
      },
    );
  });
}
