import { z } from 'zod';
import type { Role } from './roles';

/**
 * Photos of a vehicle movement (`/api/vehicle/photo`), stored through the files machinery (`system_file`):
 * the content type is sniffed from the content, the size is at most the site's FILE_MAX_SIZE_MB.
 */
export const VEHICLE_PHOTO_PATH = '/vehicle/photo';

/** Image formats a browser shows; any other content (a PDF, HEIC, SVG) is refused with FILE_TYPE_REFUSED. */
export const VEHICLE_PHOTO_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
] as const;

/** Who sees a movement's photos, who adds and removes them (the movement's own roles). */
export const VEHICLE_PHOTO_READ: readonly Role[] = ['VEHICLE_ADMIN', 'VEHICLE_USER', 'VEHICLE_VIEW'];
export const VEHICLE_PHOTO_WRITE: readonly Role[] = ['VEHICLE_ADMIN', 'VEHICLE_USER'];

/** A stored photo: the file's name, type and size, who added it and when. */
export const vehiclePhotoSchema = z.object({
  id: z.number().int(),
  movement: z.number().int(),
  name: z.string(),
  type: z.string(),
  size: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  createdBy: z.object({ id: z.number().int(), label: z.string() }).nullable(),
});
export type VehiclePhoto = z.infer<typeof vehiclePhotoSchema>;

/** `?movement=<id>` of the list and the upload. */
export const vehiclePhotoQuerySchema = z.strictObject({ movement: z.coerce.number().int().positive() });
