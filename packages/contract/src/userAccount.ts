import { z } from 'zod';
import type { ErrorDetail } from './errors';

/**
 * A user name (docs/administration.md): 3–100 of the letters A–Z and a–z, digits, `.`, `_` and `-`. Nothing a
 * keyboard of a gate terminal or the Basic authorization of a camera integration could mangle (no spaces, no
 * diacritics, no `:`); the specification's and the demo's names are plain ones (`admin`, `siteadmin`), none
 * e-mail-like, so `@` is not taken either. Applied when a user is created or renamed: an older name that breaks
 * it still logs in and may be kept.
 */
export const USER_NAME_PATTERN = /^[A-Za-z0-9._-]+$/;

/** The user-name rule on a create (`existing` undefined) or an update: a field detail when it is broken. */
export function userNameProblems(userName: unknown, existing?: { userName?: unknown }): ErrorDetail[] {
  if (typeof userName !== 'string') return [];
  const name = userName.trim();
  if (existing && name === existing.userName) return [];
  return name.length > 0 && !USER_NAME_PATTERN.test(name)
    ? [{ path: 'userName', message: 'validation.userName' }]
    : [];
}

/**
 * Why a user cannot log in or work, as the user form warns before saving and the user list shows it:
 * - `NO_SITE`: the user belongs to no site, so has nothing to work on;
 * - `NO_ROLE`: no role that lets the user do anything (ALL_CLIENTS alone is none);
 * - `BROWSER_NOT_AUTHORIZED`: without ALL_CLIENTS (the "any browser" group of the demo) the login is refused
 *   from every browser that is not an authorized terminal (/admin/clients).
 */
export const USER_LOGIN_PROBLEMS = ['NO_SITE', 'NO_ROLE', 'BROWSER_NOT_AUTHORIZED'] as const;
export type UserLoginProblem = (typeof USER_LOGIN_PROBLEMS)[number];
export const userLoginProblemsSchema = z.array(z.enum(USER_LOGIN_PROBLEMS));

/** A role that only says from where a user may log in, and lets them do nothing. */
const LOGIN_ONLY_ROLES: ReadonlySet<string> = new Set(['ALL_CLIENTS']);

/**
 * The login problems of a user: `roles` are all the user holds (own and those of the user's valid groups),
 * `sites` the number of valid sites the user belongs to.
 */
export function userLoginProblems(user: { roles: readonly string[]; sites: number }): UserLoginProblem[] {
  const problems: UserLoginProblem[] = [];
  if (user.sites === 0) problems.push('NO_SITE');
  if (!user.roles.some((role) => !LOGIN_ONLY_ROLES.has(role))) problems.push('NO_ROLE');
  if (!user.roles.includes('ALL_CLIENTS')) problems.push('BROWSER_NOT_AUTHORIZED');
  return problems;
}
