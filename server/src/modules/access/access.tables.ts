import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { entityColumns, ts } from '../../db/columns';
import { bytea, users } from '../../platform/platform.tables';

export const userAvatars = pgTable('access_user_avatar', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  contentType: text().notNull(),
  data: bytea().notNull(),
  updatedAt: ts().notNull().defaultNow(),
});

export const groups = pgTable(
  'access_group',
  {
    ...entityColumns(),
    name: text().notNull(),
    description: text(),
    valid: boolean().notNull().default(true),
  },
  (t) => [uniqueIndex('access_group_name_uq').on(t.name)],
);

export const userRoles = pgTable(
  'access_user_role',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

export const groupRoles = pgTable(
  'access_group_role',
  {
    groupId: integer()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    role: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.role] })],
);

export const userGroups = pgTable(
  'access_user_group',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] }), index('access_user_group_group_idx').on(t.groupId)],
);

export const passwordResets = pgTable(
  'access_password_reset',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created: ts().notNull().defaultNow(),
    expires: ts().notNull(),
    used: ts(),
  },
  (t) => [uniqueIndex('access_password_reset_token_uq').on(t.tokenHash)],
);
