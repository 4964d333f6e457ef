import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type AuthProvider,
  accessGroup,
  idParamsSchema,
  user,
  userLoginProblems,
  userLoginProblemsSchema,
} from '@strazce/contract';
import type { Db } from '../../db/database';
import { rowsOf } from '../../db/prepared';
import { crudRoutes } from '../../platform/crud';
import { AppError, validationError } from '../../platform/errors';
import { registerRefTarget } from '../../platform/refs';
import { hashPassword } from '../../platform/secrets';
import { userRolesSql } from '../../platform/session';
import { sessions, userSites, users } from '../../platform/platform.tables';
import { groupRoles, groups, userGroups, userRoles } from './access.tables';
import { registerAvatarRoutes } from './avatar.routes';
import { configuredAuthProvider } from './directory.service';
import { NO_BODY } from '../../platform/requestBody';

registerRefTarget('access_user', { table: users, label: (t) => sql`${t.userName}`, scope: 'global' });
registerRefTarget('access_group', { table: groups, label: (t) => sql`${t.name}`, scope: 'global' });

export function registerAccessRoutes(app: FastifyInstance, db: Db): void {
  crudRoutes(app, db, {
    entity: user,
    table: users,
    links: {
      roles: { table: userRoles, owner: userRoles.userId, value: userRoles.role },
      groups: { table: userGroups, owner: userGroups.userId, value: userGroups.groupId },
      sites: { table: userSites, owner: userSites.userId, value: userSites.siteId },
    },
    // Why a user cannot log in (the contract's `userLoginProblems`), for the list's state column.
    recordExtension: { loginProblems: userLoginProblemsSchema.optional() },
    hooks: {
      async decorate(records, database) {
        const ids = records.map((record) => record.id as number);
        if (ids.length === 0) return;
        const rows = rowsOf<{ id: number; roles: string[] | null; sites: number | string }>(
          await database.execute(sql`
            select u.id,
              (select array_agg(r.role) from (${userRolesSql(sql`u.id`)}) r) as roles,
              (select count(*) from ${userSites} us join system_site s on s.id = us.site_id and s.valid
                where us.user_id = u.id) as sites
            from ${users} u where u.id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`),
        );
        const problems = new Map(
          rows.map((row) => [
            Number(row.id),
            userLoginProblems({ roles: row.roles ?? [], sites: Number(row.sites) }),
          ]),
        );
        for (const record of records) record.loginProblems = problems.get(record.id as number) ?? [];
      },
      async beforeWrite(values, input, ctx, existing) {
        const password = input.password as string | null | undefined;
        const provider = (input.authProvider ?? existing?.authProvider ?? 'LOCAL') as AuthProvider;
        // A provider this installation has not configured is offered by no form and taken by no write; a
        // user left with one from before keeps it.
        if (input.authProvider !== undefined && input.authProvider !== existing?.authProvider)
          if (!configuredAuthProvider(app, provider))
            throw validationError('authProvider', 'validation.authProviderNotConfigured');
        // Only a LOCAL user has a password of the product; a directory user's is the directory's, never kept.
        if (provider !== 'LOCAL') values.passwordHash = null;
        else if (password) values.passwordHash = await hashPassword(password);
        else if (!existing && provider === 'LOCAL') throw validationError('password', 'validation.required');
        if (existing && input.valid === false) {
          if (existing.id === ctx.request.session?.userId)
            throw validationError('valid', 'validation.cannotDisableSelf');
        }
      },
      async afterWrite(id, input, ctx, existing) {
        // A disabled user, a changed password or a changed provider (what proves who they are) ends the
        // user's sessions at once.
        const providerChanged =
          existing !== undefined &&
          input.authProvider !== undefined &&
          input.authProvider !== existing.authProvider;
        if (input.valid === false || input.password || providerChanged)
          await ctx.tx.delete(sessions).where(eq(sessions.userId, id));
      },
      async beforeDelete(existing, ctx) {
        if (existing.id === ctx.request.session?.userId)
          throw new AppError('CANNOT_DELETE_SELF', 'You cannot delete your own account');
      },
    },
  });

  crudRoutes(app, db, {
    entity: accessGroup,
    table: groups,
    links: {
      roles: { table: groupRoles, owner: groupRoles.groupId, value: groupRoles.role },
      members: { table: userGroups, owner: userGroups.groupId, value: userGroups.userId },
    },
  });

  registerAvatarRoutes(app, db);

  // Administrator's two-factor reset: the user enrols again at the next login.
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/access_user/:id/twofa/reset',
    {
      config: { access: { roles: ['ADMINISTRATOR'] } },
      schema: {
        body: NO_BODY,
        tags: ['access_user'],
        params: idParamsSchema,
        response: { 200: z.object({ tfa: z.boolean() }) },
      },
    },
    async (request) => {
      const [updated] = await db.transaction((tx) =>
        tx
          .update(users)
          .set({
            tfa: false,
            tfaSecret: null,
            tfaPendingSecret: null,
            tfaLastStep: null,
            version: sql`${users.version} + 1`,
          })
          .where(eq(users.id, request.params.id))
          .returning({ id: users.id }),
      );
      if (!updated) throw new AppError('NOT_FOUND', 'User not found');
      return { tfa: false };
    },
  );
}
