import { z } from 'zod';
import {
  bool,
  datetime,
  defineEntity,
  email,
  enumOf,
  int,
  multiEnum,
  multiRef,
  password,
  phone,
  ref,
  text,
  textarea,
} from '../entity';
import { ASSIGNABLE_ROLES, INTERNAL_ROLES, type AssignableRole } from '../roles';
import { MODULES } from '../modules';
import { userNameProblems } from '../userAccount';

const ADMIN = ['ADMINISTRATOR'] as const;

/**
 * How a user authenticates: a password kept by the product (LOCAL), the company directory (LDAP, Active
 * Directory) or an OpenID Connect issuer (OIDC, declared for later). `/api/system_option/authproviders` lists the
 * ones this installation has configured (docs/auth-providers.md).
 */
export const AUTH_PROVIDERS = ['LOCAL', 'LDAP', 'OIDC'] as const;
export type AuthProvider = (typeof AUTH_PROVIDERS)[number];

export const person = defineEntity({
  resource: 'system_person',
  scope: 'global',
  read: ADMIN,
  write: ADMIN,
  defaultSort: { field: 'lastName', direction: 'asc' },
  fields: {
    firstName: text({ required: true, max: 100, list: true, sort: true, filter: 'contains' }),
    lastName: text({ required: true, max: 100, list: true, sort: true, filter: 'contains' }),
    email: email({ list: true, sort: true, filter: 'contains' }),
    phone: phone({ list: 'optional' }),
    corporateId: text({ max: 50, list: true, sort: true, filter: 'contains', unique: true }),
    homeSite: ref('system_site', { list: true, filter: 'eq' }),
    note: textarea({ max: 2000 }),
    valid: bool({ default: true, list: true, sort: true, filter: 'eq' }),
  },
});

export const user = defineEntity({
  resource: 'access_user',
  scope: 'global',
  read: ADMIN,
  write: ADMIN,
  defaultSort: { field: 'userName', direction: 'asc' },
  // The user-name rule holds for new names only: an older one that breaks it still logs in and may be kept.
  check: (input, existing) => userNameProblems(input.userName, existing),
  fields: {
    userName: text({
      required: true,
      max: 100,
      min: 3,
      list: true,
      sort: true,
      filter: 'contains',
      unique: true,
    }),
    authProvider: enumOf(AUTH_PROVIDERS, { required: true, default: 'LOCAL', list: true, filter: 'eq' }),
    person: ref('system_person', { list: true, filter: 'eq' }),
    password: password(),
    lastLogin: datetime({ readOnly: true, list: true, sort: true }),
    valid: bool({ default: true, list: true, sort: true, filter: 'eq' }),
    forceTfa: bool({ list: 'optional', filter: 'eq' }),
    tfa: bool({ readOnly: true, list: true, filter: 'eq' }),
    /** Must choose a new password at the next login (set for a generated or administrator-given password). */
    mustChangePassword: bool({ filter: 'eq' }),
    roles: multiEnum(ASSIGNABLE_ROLES as unknown as [AssignableRole, ...AssignableRole[]]),
    groups: multiRef('access_group'),
    sites: multiRef('system_site', { list: true }),
  },
});

/** A user's photo (`PUT /api/access_user/avatar`, raw body): these image types, at most this many bytes. */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const AVATAR_MAX_BYTES = 512 * 1024;

export const accessGroup = defineEntity({
  resource: 'access_group',
  scope: 'global',
  read: ADMIN,
  write: ADMIN,
  defaultSort: { field: 'name', direction: 'asc' },
  fields: {
    name: text({ required: true, max: 100, list: true, sort: true, filter: 'contains', unique: true }),
    description: textarea({ max: 1000, list: true }),
    valid: bool({ default: true, list: true, sort: true, filter: 'eq' }),
    roles: multiEnum(ASSIGNABLE_ROLES as unknown as [AssignableRole, ...AssignableRole[]]),
    members: multiRef('access_user'),
  },
});

export const site = defineEntity({
  resource: 'system_site',
  scope: 'global',
  read: ADMIN,
  write: ADMIN,
  defaultSort: { field: 'name', direction: 'asc' },
  fields: {
    name: text({ required: true, max: 100, list: true, sort: true, filter: 'contains', unique: true }),
    description: textarea({ max: 1000, list: true }),
    valid: bool({ default: true, list: true, sort: true, filter: 'eq' }),
    modules: multiEnum(MODULES, { list: true }),
  },
});

export const client = defineEntity({
  resource: 'system_client',
  scope: 'global',
  read: ADMIN,
  write: ADMIN,
  defaultSort: { field: 'name', direction: 'asc' },
  fields: {
    name: text({ required: true, max: 100, list: true, sort: true, filter: 'contains' }),
    expires: datetime({ list: true, sort: true, filter: 'range' }),
    authorized: bool({ default: true, list: true, sort: true, filter: 'eq' }),
    lastAccess: datetime({ readOnly: true, list: 'optional', sort: true }),
    person: ref('system_person', { list: 'optional', filter: 'eq' }),
    valid: bool({ default: true, list: true, sort: true, filter: 'eq' }),
    /** A machine terminal's internal role (docs/terminals.md); empty for a browser terminal. */
    internalRole: enumOf(INTERNAL_ROLES, { list: true, sort: true, filter: 'eq' }),
    /** The site a machine terminal works on (required for one with an internal role). */
    site: ref('system_site', { list: true, filter: 'eq' }),
  },
});

/**
 * Settings of the whole installation (/admin/properties), each a whole number with a default used while it
 * is not set: the absolute lifetime of a session and how long audit entries are kept.
 */
export const SYSTEM_PROPERTIES = {
  /** A session ends this many hours after login, however active (besides the site's idle time-out). */
  SESSION_MAX_HOURS: { default: 12, min: 1, max: 720 },
  /** Audit entries older than this many months are removed by the retention job. */
  AUDIT_RETENTION_MONTHS: { default: 24, min: 1, max: 120 },
} as const satisfies Record<string, { default: number; min: number; max: number }>;
export type SystemPropertyName = keyof typeof SYSTEM_PROPERTIES;
export const SYSTEM_PROPERTY_NAMES = Object.keys(SYSTEM_PROPERTIES) as [
  SystemPropertyName,
  ...SystemPropertyName[],
];

export const systemProperty = defineEntity({
  resource: 'system_option/property',
  scope: 'global',
  read: ADMIN,
  write: ADMIN,
  defaultSort: { field: 'name', direction: 'asc' },
  fields: {
    name: enumOf(SYSTEM_PROPERTY_NAMES, {
      required: true,
      list: true,
      sort: true,
      unique: true,
      filter: 'eq',
    }),
    value: int({ required: true, min: 1, max: 720, list: true, sort: true }),
  },
});

export const roleListSchema = z.array(z.enum(ASSIGNABLE_ROLES as unknown as [string, ...string[]]));
export const moduleListSchema = z.array(z.enum(MODULES));
