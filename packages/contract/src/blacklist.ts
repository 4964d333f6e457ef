import { z } from 'zod';

/**
 * One blacklist result marker (spec section 9): HIT or OK; for the government register also NOT_CHECKED
 * (no provider is configured) and UNAVAILABLE (the provider failed or did not answer in time; the entry is
 * recorded anyway). A marker is null when that check did not apply (no licence plate).
 */
export const BLACKLIST_RESULTS = ['HIT', 'OK', 'NOT_CHECKED', 'UNAVAILABLE'] as const;
export type BlacklistResult = (typeof BLACKLIST_RESULTS)[number];

/** The four markers stored on a visit: government and internal list, person and vehicle. */
export const BLACKLIST_MARKERS = [
  'blacklistGovernmentPerson',
  'blacklistGovernmentVehicle',
  'blacklistInternalPerson',
  'blacklistInternalVehicle',
] as const;
export type BlacklistMarker = (typeof BLACKLIST_MARKERS)[number];

/**
 * What a blacklist hit matched: the person's names, identity document or licence plate; on a vehicle
 * movement also the trailer's plate (the vehicle markers cover the vehicle and its trailer).
 */
export const BLACKLIST_MATCHES = ['NAME', 'DOCUMENT', 'PLATE', 'TRAILER_PLATE'] as const;
export type BlacklistMatch = (typeof BLACKLIST_MATCHES)[number];

/**
 * One blacklist hit of an entry: which list (the marker: internal or government, person or vehicle), what
 * matched and the value it matched on (a personal value, masked like the visit's), and the list's reason and
 * note (an internal entry's own; the government register's reason when it gave one, no note). Sent in the
 * 409 BLACKLIST_HIT answer of an entry and kept with the visit (`blacklistHits`).
 */
export const blacklistHitSchema = z.object({
  list: z.enum(BLACKLIST_MARKERS),
  /** Null for a government person hit: the register does not say whether names or the document matched. */
  matchedBy: z.enum(BLACKLIST_MATCHES).nullable(),
  value: z.string().nullable(),
  reason: z.string().nullable(),
  note: z.string().nullable(),
});
export type BlacklistHit = z.infer<typeof blacklistHitSchema>;
