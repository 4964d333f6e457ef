import { integer, timestamp } from 'drizzle-orm/pg-core';

/** Columns every CRUD entity has: identity, optimistic-lock version and timestamps. */
export const entityColumns = () => ({
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  version: integer().notNull().default(0),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const ts = () => timestamp({ withTimezone: true });
