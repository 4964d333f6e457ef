import { index, integer, jsonb, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import type { DashboardWidget } from '@strazce/contract';
import { ts } from '../../db/columns';
import { siteReference, users } from '../../platform/platform.tables';

/** The dashboard layout of one user on one site: the widgets with their places and sizes (docs/dashboard.md). */
export const dashboardLayouts = pgTable(
  'dashboard_layout',
  {
    siteId: siteReference(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    widgets: jsonb().$type<DashboardWidget[]>().notNull(),
    updatedAt: ts().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.userId] }), index('dashboard_layout_user_idx').on(t.userId)],
);
