import { describe, expect, it } from 'vitest';
import { user } from './entities/system';
import { USER_NAME_PATTERN, userLoginProblems, userNameProblems } from './userAccount';

const refused = [{ path: 'userName', message: 'validation.userName' }];

describe('the user-name rule', () => {
  it('takes letters, digits, `.`, `_` and `-`', () => {
    for (const name of ['admin', 'Jan.Novak', 'jan_novak-2', 'x.y.z', '007'])
      expect(userNameProblems(name), name).toEqual([]);
  });

  it('refuses spaces, `!`, `:`, `@` and accented letters', () => {
    for (const name of ['jan novak', 'jan!', 'jan:novak', 'jan@example.com', 'jiří', 'tab\tname'])
      expect(userNameProblems(name), name).toEqual(refused);
    expect(USER_NAME_PATTERN.test(' admin')).toBe(false);
  });

  it('holds for a new name only: an older name that breaks it may be kept on an edit', () => {
    expect(userNameProblems('old name!', { userName: 'old name!' })).toEqual([]);
    expect(userNameProblems('new name', { userName: 'old name!' })).toEqual(refused);
    expect(userNameProblems('new.name', { userName: 'old name!' })).toEqual([]);
  });

  it('leaves a missing or empty name to the field’s own schema (required, length)', () => {
    expect(userNameProblems(undefined)).toEqual([]);
    expect(userNameProblems('')).toEqual([]);
  });

  it('is the user entity’s check, shared by the server and the form', () => {
    expect(user.check?.({ userName: 'jan novak' })).toEqual(refused);
    expect(user.check?.({ userName: 'jan novak' }, { userName: 'jan novak' })).toEqual([]);
    expect(user.check?.({ valid: false }, { userName: 'jan novak' })).toEqual([]);
  });
});

describe('why a user cannot log in', () => {
  it('names no site, no role and an unauthorized browser', () => {
    expect(userLoginProblems({ roles: [], sites: 0 })).toEqual([
      'NO_SITE',
      'NO_ROLE',
      'BROWSER_NOT_AUTHORIZED',
    ]);
  });

  it('counts ALL_CLIENTS as no role of its own, yet as an authorized browser', () => {
    expect(userLoginProblems({ roles: ['ALL_CLIENTS'], sites: 1 })).toEqual(['NO_ROLE']);
  });

  it('says nothing of a user with a site, a role and ALL_CLIENTS', () => {
    expect(userLoginProblems({ roles: ['VISIT_USER', 'ALL_CLIENTS'], sites: 2 })).toEqual([]);
  });

  it('warns of the browser alone for a user who works from authorized terminals only', () => {
    expect(userLoginProblems({ roles: ['VEHICLE_USER'], sites: 1 })).toEqual(['BROWSER_NOT_AUTHORIZED']);
  });
});
