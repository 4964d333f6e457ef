import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  HEADERS,
  MODULES,
  checkConfigValue,
  clientAuthorizeRequestSchema,
  clientMembershipSchema,
  client,
  idSchema,
  infoResponseSchema,
  person,
  sessionResponseSchema,
  siteRefSchema,
  site,
  siteConfigEntrySchema,
  siteProperty,
  systemProperty,
  SYSTEM_PROPERTIES,
  type SystemPropertyName,
  siteSwitchRequestSchema,
  type ConfigValueType,
  SYSTEM_OPTION_CONFIG,
  SYSTEM_OPTION_ROLES,
  AUTH_PROVIDERS,
  systemOptionAuthProvidersSchema,
  systemOptionConfigSchema,
  systemOptionModulesSchema,
  systemOptionRolesSchema,
} from '@strazce/contract';
import type { Database, Db } from '../../db/database';
import { crudRoutes } from '../../platform/crud';
import { AppError, validationError } from '../../platform/errors';
import { LOGGED_IN, PUBLIC, currentSiteId, sessionOf } from '../../platform/guard';
import type { LoginLimiter } from '../../platform/loginLimiter';
import { registerRefTarget } from '../../platform/refs';
import { siteConfigEntries, siteModuleCodes } from '../../platform/siteData';
import { hashToken, newToken } from '../../platform/secrets';
import { clientOfRequest } from '../../platform/terminal';
import {
  TERMINAL_AUTHORIZATION_DAYS,
  authorizedUntil,
  terminalTokenRoutes,
} from '../../platform/terminalRecords';
import { switchSessionSite, userRoles } from '../../platform/session';
import {
  users,
  clients,
  persons,
  siteModules,
  siteProperties,
  sites,
  systemProperties,
} from '../../platform/platform.tables';
import { configuredAuthProvider } from '../access/directory.service';
import {
  authenticate,
  directoryOptions,
  credentialsFrom,
  isMemberOfSite,
  memberSites,
  sessionBody,
} from '../access/auth.service';

registerRefTarget('system_site', { table: sites, label: (t) => sql`${t.name}`, scope: 'global' });
registerRefTarget('system_client', { table: clients, label: (t) => sql`${t.name}`, scope: 'global' });
registerRefTarget('system_person', {
  table: persons,
  label: (t) => sql`${t.lastName} || ' ' || ${t.firstName}`,
  scope: 'global',
});

const CLIENT_AUTHORIZATION_DAYS = TERMINAL_AUTHORIZATION_DAYS;
const VERSION = '0.1.0';

export function registerSystemRoutes(app: FastifyInstance, database: Database, limiter: LoginLimiter): void {
  const { db } = database;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  crudRoutes(app, db, { entity: person, table: persons });
  crudRoutes(app, db, {
    entity: site,
    table: sites,
    links: { modules: { table: siteModules, owner: siteModules.siteId, value: siteModules.module } },
  });
  // A client made on /admin/clients gets its token at once (shown once), and a new one or its revocation by an
  // action: the one terminal-token mechanism of the patrol terminals and keyboxes (docs/terminals.md).
  terminalTokenRoutes(app, db, {
    entity: client,
    table: clients,
    tags: ['system_client'],
    hooks: {
      beforeWrite(values, _input, _ctx, existing) {
        const merged = { ...existing, ...values };
        // A machine terminal acts on its site only (docs/terminals.md).
        if (merged.internalRole && !merged.siteId) throw validationError('site', 'validation.required');
      },
    },
    async authorizeNew(values) {
      const token = newToken();
      values.tokenHash = hashToken(token);
      values.authorized ??= true;
      values.expires ??= authorizedUntil(app.clock.now());
      return token;
    },
    clientOf: (row) => row.id as number,
  });
  crudRoutes(app, db, {
    entity: systemProperty,
    table: systemProperties,
    hooks: {
      // Each setting has its own range (SYSTEM_PROPERTIES); the entity's bounds are those of all of them.
      beforeWrite(values, _input, _ctx, existing) {
        const name = (values.name ?? existing?.name) as SystemPropertyName;
        const value = (values.value ?? existing?.value) as number;
        const range = SYSTEM_PROPERTIES[name];
        if (range && (value < range.min || value > range.max))
          throw validationError('value', 'validation.systemPropertyRange');
      },
    },
  });
  crudRoutes(app, db, {
    entity: siteProperty,
    table: siteProperties,
    hooks: {
      // The value must fit the declared type (and a known property its meaning), also when one of them changes.
      beforeWrite(values, input, _ctx, existing) {
        if (input.type === undefined && input.value === undefined && input.name === undefined) return;
        const type = (input.type ?? existing?.type) as ConfigValueType;
        const problem = checkConfigValue(
          type,
          input.value === undefined ? existing?.value : input.value,
          (input.name ?? existing?.name) as string | undefined,
        );
        if (problem) throw validationError('value', problem);
      },
    },
  });

  typed.get(
    '/api/info',
    { config: { access: PUBLIC }, schema: { tags: ['system'], response: { 200: infoResponseSchema } } },
    async () => ({
      name: 'Strážce',
      version: VERSION,
      time: new Date(app.clock.now()).toISOString(),
      database: database.kind,
    }),
  );

  // The product's options (spec: /system_option config, roles, modules, authproviders). The providers are
  // those this installation has configured: LOCAL always, LDAP with a company directory (docs/auth-providers.md).
  const providers = AUTH_PROVIDERS.filter((provider) => configuredAuthProvider(app, provider));
  const options: Array<[string, typeof PUBLIC, z.ZodType, unknown, string]> = [
    ['config', LOGGED_IN, systemOptionConfigSchema, SYSTEM_OPTION_CONFIG, 'The constants of the product.'],
    ['roles', LOGGED_IN, systemOptionRolesSchema, SYSTEM_OPTION_ROLES, 'The assignable roles by tab.'],
    ['modules', LOGGED_IN, systemOptionModulesSchema, [...MODULES], 'The modules a site can enable.'],
    [
      'authproviders',
      PUBLIC,
      systemOptionAuthProvidersSchema,
      providers,
      'How users can authenticate on this installation (the providers configured).',
    ],
  ];
  for (const [path, access, response, value, description] of options)
    app.get(
      `/api/system_option/${path}`,
      { config: { access }, schema: { tags: ['system_option'], description, response: { 200: response } } },
      async () => value,
    );

  typed.post(
    '/api/system_site/switch',
    {
      config: { access: LOGGED_IN },
      schema: {
        tags: ['system_site'],
        body: siteSwitchRequestSchema,
        response: { 200: sessionResponseSchema },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const siteId = request.body.id;
      if (!(await isMemberOfSite(db, session.userId, siteId))) {
        throw new AppError('SITE_NOT_ALLOWED', 'Site switch operation failed');
      }
      const expires = await db.transaction(async (tx) => {
        await tx.update(users).set({ lastSiteId: siteId }).where(eq(users.id, session.userId));
        return switchSessionSite(tx, session, siteId, request.server.clock.now());
      });
      const token = request.headers[HEADERS.authToken.toLowerCase()] as string;
      return sessionBody(db, session.userId, { token, expires }, siteId);
    },
  );

  typed.get(
    '/api/system_site/membership',
    {
      config: { access: LOGGED_IN },
      schema: {
        tags: ['system_site'],
        description:
          "The caller's sites (spec: /system_site membership): the valid sites they are a member of, by name, " +
          'as the session answer lists them.',
        response: { 200: z.array(siteRefSchema) },
      },
    },
    async (request) => memberSites(db, sessionOf(request).userId),
  );

  typed.get(
    '/api/system_site/config',
    {
      config: { access: LOGGED_IN },
      schema: { tags: ['system_site'], response: { 200: z.array(siteConfigEntrySchema) } },
    },
    async (request) => siteConfigEntries(db, currentSiteId(request)),
  );

  typed.get(
    '/api/system_site/modules',
    {
      config: { access: LOGGED_IN },
      schema: {
        tags: ['system_site'],
        querystring: z.object({ id: idSchema }),
        response: { 200: z.array(z.enum(MODULES)) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const allowed =
        session.roles.includes('ADMINISTRATOR') ||
        (await isMemberOfSite(db, session.userId, request.query.id));
      if (!allowed) throw new AppError('SITE_NOT_ALLOWED', 'Not a member of this site');
      return siteModuleCodes(db, request.query.id);
    },
  );

  typed.get(
    '/api/system_client/membership',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['system_client'],
        description: 'The terminal this browser or device is (by its X-Client-Token), or null.',
        response: { 200: clientMembershipSchema },
      },
    },
    async (request) => {
      const client = await clientOfRequest(db, request);
      if (!client) return { terminal: null };
      const [siteRow] = client.siteId
        ? await db.select({ id: sites.id, label: sites.name }).from(sites).where(eq(sites.id, client.siteId))
        : [];
      return {
        terminal: {
          id: client.id,
          name: client.name,
          internalRole: client.internalRole,
          site: siteRow ?? null,
          expires: client.expires?.toISOString() ?? null,
        },
      };
    },
  );

  typed.post(
    '/api/system_client/authorize',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['system_client'],
        description:
          'Authorize this browser as a terminal. Needs a session with AUTH_CLIENT, or Basic credentials of such a user.',
        body: clientAuthorizeRequestSchema,
        response: { 201: z.object({ id: z.number(), name: z.string(), expires: z.string() }) },
      },
    },
    async (request, reply) => {
      const token = newToken();
      const now = app.clock.now();
      const expires = new Date(now + CLIENT_AUTHORIZATION_DAYS * 86_400_000);
      await authorizingUser(db, limiter, request);
      const created = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(clients)
          .values({
            name: request.body.name,
            tokenHash: hashToken(token),
            authorized: true,
            expires,
            lastAccess: new Date(now),
          })
          .returning({ id: clients.id, name: clients.name });
        return row;
      });
      return reply
        .status(201)
        .header(HEADERS.clientToken, token)
        .send({ ...created, expires: expires.toISOString() });
    },
  );
}

async function authorizingUser(db: Db, limiter: LoginLimiter, request: FastifyRequest): Promise<string> {
  const allowed = (roles: string[]) => roles.includes('AUTH_CLIENT');
  if (request.session) {
    if (!allowed(request.session.roles)) throw new AppError('FORBIDDEN', 'AUTH_CLIENT role required');
    return request.session.userName;
  }
  const credentials = credentialsFrom(request);
  if (!credentials)
    throw new AppError('UNAUTHORIZED', 'Credentials of a user who may authorize terminals are required');
  request.auditAuthor = credentials.userName.slice(0, 100);
  const user = await authenticate(db, limiter, credentials, directoryOptions(request));
  if (!allowed(await userRoles(db, user.id))) throw new AppError('FORBIDDEN', 'AUTH_CLIENT role required');
  return user.userName;
}
