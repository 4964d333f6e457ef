import { date, defineEntity, enumOf, int, text, textarea } from '../entity';

/** What a legal hold keeps from retention and erasure: one record of a module, or everything of a person. */
export const HOLD_SUBJECTS = ['VISIT', 'VEHICLE_MOVEMENT', 'INCIDENT', 'PERSON'] as const;
export type HoldSubject = (typeof HOLD_SUBJECTS)[number];

/** Who administers the site's privacy settings (retention, holds) and reads its record of processing. */
export const PRIVACY_ADMIN_ROLES = ['ADMINISTRATOR', 'SITE_ADMIN'] as const;

/**
 * A legal hold (docs/privacy.md): a record (`subject` VISIT, VEHICLE_MOVEMENT or INCIDENT with its `recordId`)
 * or a person (`PERSON` with first and last name, matched without regard to case on visits and vehicle
 * drivers) is kept as it is by the retention job and by erasure until the end of `until` (the site's day).
 */
export const privacyHold = defineEntity({
  resource: 'privacy/hold',
  scope: 'site',
  read: PRIVACY_ADMIN_ROLES,
  write: PRIVACY_ADMIN_ROLES,
  defaultSort: { field: 'until', direction: 'asc' },
  fields: {
    subject: enumOf(HOLD_SUBJECTS, { required: true, list: true, sort: true, filter: 'eq' }),
    recordId: int({ min: 1, list: true, filter: 'eq' }),
    firstName: text({ max: 100, list: true, filter: 'contains' }),
    lastName: text({ max: 100, list: true, sort: true, filter: 'contains' }),
    reason: textarea({ required: true, max: 1000, list: true }),
    until: date({ required: true, notPast: true, list: true, sort: true, filter: 'range' }),
  },
  check(input, existing) {
    const value = { ...existing, ...input };
    if (value.subject === 'PERSON') {
      const problems = [];
      if (!value.firstName) problems.push({ path: 'firstName', message: 'validation.required' });
      if (!value.lastName) problems.push({ path: 'lastName', message: 'validation.required' });
      return problems;
    }
    return value.recordId ? [] : [{ path: 'recordId', message: 'validation.required' }];
  },
});
