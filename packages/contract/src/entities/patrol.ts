import { z } from 'zod';
import { bool, defineEntity, multiRef, ref, text, textarea, type FieldDef } from '../entity';
import { pinSchema } from '../validation';
import { PATROL_OFFLINE_WINDOW_MAX_MINUTES } from './patrolInstance';
import { sitePersonPicker } from './site';
import { EMAIL_LIST_PATTERN } from './visit';

/**
 * Patrols (MOD_PATROL), the set-up: checkpoints, guards, routes and patrol terminals, written by the patrol
 * administrator; read also by PATROL_VIEW (the archive's filters name them). See docs/patrol.md.
 */
const PATROL_READ = ['PATROL_ADMIN', 'PATROL_VIEW'] as const;
const PATROL_ADMIN = ['PATROL_ADMIN'] as const;

/** A place a guard passes on a round, known by the tag (NFC, barcode) the terminal reads there. */
export const patrolCheckpoint = defineEntity({
  resource: 'patrol/checkpoint',
  module: 'MOD_PATROL',
  scope: 'site',
  read: PATROL_READ,
  write: PATROL_ADMIN,
  defaultSort: { field: 'name', direction: 'asc' },
  fields: {
    name: text({ required: true, max: 100, list: true, sort: true, filter: 'contains' }),
    /** The tag's id as the terminal reads it; one checkpoint per tag on a site. */
    tagId: text({ required: true, max: 100, list: true, sort: true, filter: 'contains', unique: true }),
    description: textarea({ max: 1000, list: true }),
    valid: bool({ default: true, list: true, sort: true, filter: 'eq' }),
  },
});

/**
 * The persons of the current site a guard can be (their home site is the site), for the guard's person
 * picker: read-only, so the patrol administrator needs no site administration.
 */
export const patrolGuardPerson = sitePersonPicker('patrol/guard/person', 'MOD_PATROL', PATROL_ADMIN);

/**
 * A guard's PIN: exactly four digits ('validation.pin'), accepted on create and update and never returned
 * (the server keeps an argon2 hash); null removes it. The record says only whether one is set (`pinSet`).
 */
const guardPin = {
  kind: 'password',
  writeOnly: true,
  max: 4,
  value: pinSchema.nullable(),
} as const satisfies FieldDef<string | null>;

/**
 * A guard: a person of the site who signs in at a patrol terminal with their PIN. A PIN is unique among the
 * site's guards (valid or not), so the PIN alone tells the terminal who signs in.
 */
export const patrolGuard = defineEntity({
  resource: 'patrol/guard',
  module: 'MOD_PATROL',
  scope: 'site',
  read: PATROL_READ,
  write: PATROL_ADMIN,
  defaultSort: { field: 'person', direction: 'asc' },
  fields: {
    person: ref('patrol/guard/person', {
      required: true,
      list: true,
      sort: true,
      filter: 'eq',
      unique: true,
    }),
    pin: guardPin,
    pinSet: bool({ readOnly: true, list: true, sort: true, filter: 'eq' }),
    valid: bool({ default: true, list: true, sort: true, filter: 'eq' }),
  },
});

/** The texts of a route's tasks (what the guard does on the round), in order. */
export const patrolTaskSchema = z
  .string()
  .trim()
  .min(1, { message: 'validation.required' })
  .max(500, { message: 'validation.maxLength' });
export const patrolTasksSchema = z.array(patrolTaskSchema).max(50, { message: 'validation.max' });

/**
 * A patrol route: its checkpoints in the order they are passed (an ordered link: the list keeps the order it
 * was given in) and its tasks. `ordered`: the guard must pass the checkpoints in that order.
 */
export const patrolRoute = defineEntity({
  resource: 'patrol/route',
  module: 'MOD_PATROL',
  scope: 'site',
  read: PATROL_READ,
  write: PATROL_ADMIN,
  defaultSort: { field: 'name', direction: 'asc' },
  fields: {
    name: text({ required: true, max: 100, list: true, sort: true, filter: 'contains', unique: true }),
    ordered: bool({ list: true, sort: true, filter: 'eq' }),
    /** Incidents found on the route are e-mailed to `notificationEmails`. */
    notify: bool({ list: true, sort: true, filter: 'eq' }),
    notificationEmails: text({
      max: 1000,
      pattern: EMAIL_LIST_PATTERN,
      patternMessage: 'validation.emailList',
    }),
    /** A report of each finished patrol of the route is sent to `notificationEmails`. */
    report: bool({ list: true, sort: true, filter: 'eq' }),
    description: textarea({ max: 1000 }),
    checkpoints: multiRef('patrol/checkpoint', { list: true }),
    tasks: {
      kind: 'json',
      required: true,
      default: [],
      value: patrolTasksSchema,
    } as const satisfies FieldDef<string[]>,
    valid: bool({ default: true, list: true, sort: true, filter: 'eq' }),
  },
});

/**
 * A patrol terminal: the device a guard carries on the round. Creating one authorizes a machine terminal
 * (`system_client`, internal role PATROL_TERMINAL, on the current site): its token is in the answer of the
 * create (`token`) and of `POST /api/patrol/terminal/:id/token` (a new one, the old one stops working), once.
 * `uuid` names the device to the terminal app; `pinSet`: guards sign in on it with their PIN (off: they choose
 * their name from the site's guards).
 */
export const patrolTerminal = defineEntity({
  resource: 'patrol/terminal',
  module: 'MOD_PATROL',
  scope: 'site',
  read: PATROL_READ,
  write: PATROL_ADMIN,
  defaultSort: { field: 'name', direction: 'asc' },
  fields: {
    name: text({ required: true, max: 100, list: true, sort: true, filter: 'contains', unique: true }),
    uuid: text({ readOnly: true, max: 36, list: true, filter: 'contains' }),
    pinSet: bool({ default: true, list: true, sort: true, filter: 'eq' }),
    description: textarea({ max: 1000, list: true }),
    /** The machine terminal behind the token (/admin/clients). */
    client: ref('system_client', { readOnly: true }),
  },
});

/**
 * `POST /api/patrol/terminal/signin` (terminal token only): a guard's PIN — or, on a terminal whose `pinSet` is
 * off, the guard chosen from the site's guards (`guard`, their id) — and, optionally, how long the terminal may
 * work offline on this sign-in (minutes, at most PATROL_OFFLINE_WINDOW_MAX_MINUTES, which is the default).
 */
export const patrolSignInSchema = z
  .strictObject({
    pin: pinSchema.optional(),
    guard: z.number().int().positive().optional(),
    offlineWindowMinutes: z.number().int().min(1).max(PATROL_OFFLINE_WINDOW_MAX_MINUTES).optional(),
  })
  .refine((body) => body.pin !== undefined || body.guard !== undefined, {
    message: 'validation.required',
    path: ['pin'],
  });

/**
 * `GET /api/patrol/terminal/guards` (terminal token only): whether guards sign in on this terminal with their PIN
 * (`pinSet`) and, only when they do not, the site's valid guards to choose from.
 */
export const patrolTerminalGuardsSchema = z.object({
  pinSet: z.boolean(),
  guards: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type PatrolTerminalGuards = z.infer<typeof patrolTerminalGuardsSchema>;

/**
 * A checkpoint as the terminal gets it: no raw tag, only `tagHash`, the hex SHA-256 of the sign-in's `tagSalt`
 * followed by the tag trimmed and in lower case (`patrolTagHash`), so that the terminal recognises a scanned tag
 * without holding the site's tags.
 */
const patrolCheckpointOnRoute = z.object({
  id: z.number().int(),
  name: z.string(),
  tagHash: z.string(),
  description: z.string().nullable(),
});

/** What `tagHash` is the SHA-256 of: the sign-in's salt and the tag as the terminal compares it. */
export const patrolTagHashInput = (salt: string, tagId: string): string =>
  `${salt}:${tagId.trim().toLowerCase()}`;

/** The answer of a sign-in: the guard, the terminal and the site's valid routes to choose from. */
export const patrolSignInResponseSchema = z.object({
  guard: z.object({ id: z.number().int(), name: z.string() }),
  terminal: z.object({ id: z.number().int(), name: z.string(), uuid: z.string() }).nullable(),
  /**
   * The sign-in proof: the start event of a round by this guard on this terminal carries `token` (as
   * `signIn`); it starts rounds until `expires` (the sign-in plus the terminal's offline window).
   */
  signIn: z.object({ token: z.string(), expires: z.iso.datetime({ offset: true }) }),
  /** The salt of this sign-in's checkpoint `tagHash`es (random per sign-in). */
  tagSalt: z.string(),
  routes: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      ordered: z.boolean(),
      description: z.string().nullable(),
      /** In the order they are passed; only valid checkpoints. */
      checkpoints: z.array(patrolCheckpointOnRoute),
      tasks: z.array(z.string()),
    }),
  ),
});
export type PatrolSignIn = z.infer<typeof patrolSignInResponseSchema>;
