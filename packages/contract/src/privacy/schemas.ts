import { z } from 'zod';
import { integerQuerySchema } from '../wireSchemas';
import { RETENTION_KEYS, RETENTION_MAX_DAYS, RETENTION_MIN_DAYS, type RetentionKey } from './retention';

const days = z
  .number()
  .int({ message: 'validation.long' })
  .min(RETENTION_MIN_DAYS, { message: 'validation.min' })
  .max(RETENTION_MAX_DAYS, { message: 'validation.max' });

/** `PUT /api/privacy/retention`: the days of every rule. */
export const retentionSettingsSchema = z.strictObject(
  Object.fromEntries(RETENTION_KEYS.map((key) => [key, days])) as Record<RetentionKey, typeof days>,
);

/** `GET /api/privacy/retention/preview`: days to try instead of the saved ones (the settings form, before saving). */
export const retentionPreviewQuerySchema = z.strictObject(
  Object.fromEntries(
    RETENTION_KEYS.map((key) => [
      key,
      integerQuerySchema
        .pipe(
          z
            .number()
            .min(RETENTION_MIN_DAYS, { message: 'validation.min' })
            .max(RETENTION_MAX_DAYS, { message: 'validation.max' }),
        )
        .optional(),
    ]),
  ) as unknown as Record<RetentionKey, z.ZodOptional<z.ZodType<number, string>>>,
);

export const retentionPreviewSchema = z.array(
  z.object({
    key: z.enum(RETENTION_KEYS as [RetentionKey, ...RetentionKey[]]),
    days: z.number().int(),
    count: z.number().int(),
    oldest: z.string().nullable(),
    newest: z.string().nullable(),
  }),
);

/** What a run of the retention job did (`POST /api/privacy/retention/run`, the job's log). */
export const retentionRunSchema = z.record(z.string(), z.number().int());
