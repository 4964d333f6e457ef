import fs from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import cors from '@fastify/cors';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { HEADERS, type ConfigReport } from '@strazce/contract';
import { configFromEnv } from './config';
import { configReport } from './configReport';
import type { Database } from './db/database';
import { auditedDb, registerAudit } from './platform/audit';
import { AppError, registerErrorHandling, sendError, toAppError } from './platform/errors';
import {
  RequestLogController,
  clientErrorHandler,
  loggerOptions,
  type LogLevel,
  registerRequestIdHeader,
  requestId,
  type RequestLogLevel,
} from './platform/logging';
import { registerHealthRoutes } from './platform/health';
import { registerMetrics } from './platform/metrics';
import { heldMessages, outboxBacklog } from './modules/messaging/delivery.worker';
import { registerCompression } from './platform/compression';
import { usageRegistry } from './platform/usage';
import { systemClock, type Clock } from './platform/clock';
import { registerTextInputCheck } from './platform/textInput';
import { registerGuard } from './platform/guard';
import { registerRequestBodyChecks } from './platform/requestBody';
import { registerSecurityHeaders } from './platform/securityHeaders';
import { registerWebApp } from './platform/webApp';
import { createSessionCache } from './platform/sessionCache';
import { createSiteEvents } from './platform/siteEvents';
import { loginLimiter, throttlePolicies, type LoginLimits } from './platform/loginLimiter';
import { registerAccessRoutes } from './modules/access/access.routes';
import { registerSessionRoutes } from './modules/access/session.routes';
import { registerOidcRoutes } from './modules/access/oidc.routes';
import type { OidcIssuerClient } from './modules/access/oidc.issuer';
import type { OidcConfig } from './config';
import { registerDirectorySessionCheck, type DirectoryLogin } from './modules/access/directory.service';
import { registerSystemRoutes } from './modules/system/system.routes';
import { registerOpenApi } from './platform/openapi';
import { registerMessagingRoutes } from './modules/messaging/messaging.routes';
import { registerAuditRoutes } from './modules/audit/audit.routes';
import { registerSiteRoutes } from './modules/site/site.routes';
import { registerReportRoutes } from './modules/report/report.routes';
import { registerFileRoutes } from './modules/files/files.routes';
import { registerVehicleRoutes } from './modules/vehicle/vehicle.routes';
import { registerPatrolRoutes } from './modules/patrol/patrol.routes';
import { registerIncidentRoutes } from './modules/incident/incident.routes';
import { registerKeyRoutes } from './modules/keys/keys.routes';
import { registerStockRoutes } from './modules/stock/stock.routes';
import { registerSignatureRoutes } from './modules/signature/signature.routes';
import { registerLogisticsRoutes } from './modules/logistics/logistics.routes';
import { registerKboxRoutes } from './modules/kbox/kbox.routes';
import { registerVisitModule } from './modules/visit/visit.module';
import { registerDashboardRoutes } from './modules/dashboard/dashboard.routes';
import type { GovernmentBlacklistProvider } from './modules/blacklist/blacklist';
import { registerEgovRoutes } from './modules/egov/egov.routes';
import { registerPrivacyRoutes } from './modules/privacy/privacy.routes';
import { noEgovProvider, type EgovProvider } from './modules/egov/egov';

export interface AppOptions {
  database: Database;
  logLevel?: LogLevel;
  /** At which level each answered request is logged (`LOG_REQUESTS`); `debug` by default. */
  logRequests?: RequestLogLevel;
  /** Serves the metrics at `/api/metrics` to `Authorization: Bearer <token>` (`METRICS_TOKEN`). */
  metricsToken?: string;
  loginLimits?: LoginLimits;
  publicUrl?: string;
  /** Origins allowed in password reset links when `publicUrl` is not set (RESET_LINK_ORIGINS). */
  resetOrigins?: readonly string[];
  /** The app's clock; the system clock by default (tests move their own). */
  clock?: Clock;
  /** Where the log goes (tests read it); standard output by default. */
  logStream?: DestinationStream;
  /** Built web app to serve at `/` with a history fallback to index.html. */
  webDir?: string;
  /** Where stored files are kept (`DATA_DIR/files`); a temporary directory when not given. */
  filesDir?: string;
  /** Check every response against its zod schema (default; tests). `false` in production: plain JSON. */
  validateResponses?: boolean;
  /** Largest accepted JSON body in bytes. */
  bodyLimit?: number;
  /**
   * Which proxies may tell the client address (`X-Forwarded-For`), as Fastify's `trustProxy`: off by default,
   * so nobody can dodge the per-address login limit by sending the header.
   */
  trustProxy?: boolean | string;
  /** The government blacklist register (BLACKLIST_PROVIDER); none by default: visits are marked NOT_CHECKED. */
  governmentBlacklist?: GovernmentBlacklistProvider;
  /** The electronic identity document provider (EGOV_PROVIDER); none by default (the button is hidden). */
  egov?: EgovProvider;
  /** What the server is configured with (configReport.ts); by default that of an empty environment. */
  configuration?: ConfigReport;
  /** The company directory users with the provider LDAP log in against (LDAP_URL…); none by default. */
  directory?: DirectoryLogin;
  /** The OpenID Connect issuers users with the provider OIDC sign in with (OIDC_ISSUERS…); none by default. */
  oidc?: OidcConfig;
  /** The issuers' clients instead of those made from `oidc` (tests). */
  oidcClients?: OidcIssuerClient[];
}

/**
 * The zod serializer, plus a check that it dropped nothing: production sends the data as it is, so a field
 * outside the response schema would reach the client there.
 */
const exactSerializer: typeof serializerCompiler = (route) => {
  const serialize = serializerCompiler(route);
  return (data) => {
    const json = serialize(data);
    if (!isDeepStrictEqual(JSON.parse(json), JSON.parse(JSON.stringify(data)))) {
      throw new Error(`Response of ${route.method} ${route.url} has fields outside its schema`);
    }
    return json;
  };
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Every response is checked against its schema (`AppOptions.validateResponses`). */
    validateResponses: boolean;
    /** What the server is configured with: providers real, simulated or off (configReport.ts). */
    configuration: ConfigReport;
  }
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(options.logLevel ?? 'info', options.logStream),
    logController: new RequestLogController(options.logRequests ?? 'debug'),
    genReqId: requestId,
    // A request on a kept-alive connection while the server closes is still answered (graceful shutdown).
    return503OnClosing: false,
    clientErrorHandler,
    // Errors the framework answers before any route (a malformed URL): the same error shape as the rest.
    frameworkErrors: (error, _request, reply) =>
      sendError(
        reply,
        toAppError(error).status >= 500 ? new AppError('BAD_REQUEST', 'Bad request') : toAppError(error),
      ),
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    trustProxy: options.trustProxy ?? false,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  // Response schemas are part of the API contract: the test suites check every response against them;
  // production serializes without re-validating (a third of the CPU time of a list request).
  app.decorate('validateResponses', options.validateResponses !== false);
  app.decorate('clock', options.clock ?? systemClock);
  app.decorate('usage', usageRegistry());
  app.decorate('configuration', options.configuration ?? configReport(configFromEnv({})));
  app.setSerializerCompiler(
    options.validateResponses === false ? () => (data) => JSON.stringify(data) : exactSerializer,
  );

  // Cross-origin calls only from the origins the web app is served from (RESET_LINK_ORIGINS); the app itself
  // calls its own origin and needs none.
  await app.register(cors, {
    origin: options.resetOrigins?.length ? [...options.resetOrigins] : false,
    exposedHeaders: [
      HEADERS.authToken,
      HEADERS.clientToken,
      HEADERS.totalCount,
      HEADERS.errorCode,
      HEADERS.errorMessage,
    ],
  });
  await registerCompression(app);
  registerErrorHandling(app);
  registerRequestIdHeader(app);
  registerMetrics(app, options.database, { token: options.metricsToken, outbox: outboxBacklog });
  registerHealthRoutes(app, options.database, () => heldMessages(options.database.db));
  registerSecurityHeaders(app);
  registerRequestBodyChecks(app);
  await registerOpenApi(app);

  const rawDb = options.database.db;
  const sessionCache = await createSessionCache(options.database);
  app.decorate('sessionCache', sessionCache);
  app.addHook('onClose', () => sessionCache.close());
  // A stream lives as long as its session: the session cache tells when sessions change (on any instance).
  const siteEvents = await createSiteEvents(options.database, {
    sessions: { db: rawDb, cache: sessionCache, clock: app.clock },
  });
  app.decorate('siteEvents', siteEvents);
  // Open event streams would keep the server from closing: they end first.
  app.addHook('preClose', () => siteEvents.close());
  registerGuard(app, rawDb, sessionCache);
  app.decorate('directory', options.directory ?? null);
  app.decorate('oidcIssuers', options.oidc?.issuers ?? []);
  // After the guard: a directory user's session ends once the directory no longer lets them in.
  if (options.directory) registerDirectorySessionCheck(app, rawDb, options.directory);
  registerAudit(app, rawDb);
  registerTextInputCheck(app);
  // The modules' handle: every write transaction of a write request commits its audit entry with it.
  const db = auditedDb(rawDb, {
    strict: options.validateResponses !== false,
    onBareWrite: (route) => app.log.error({ route }, 'write outside a transaction: audited after the fact'),
  });

  // Login counters are bookkeeping of refusals, kept whether or not the request's write commits.
  const limiter = loginLimiter(rawDb, throttlePolicies(options.loginLimits), app.clock);
  registerSessionRoutes(app, {
    db,
    limiter,
    publicUrl: options.publicUrl,
    resetOrigins: options.resetOrigins,
  });
  registerOidcRoutes(app, { db, limiter, oidc: options.oidc, clients: options.oidcClients });
  registerAccessRoutes(app, db);
  registerSystemRoutes(app, { ...options.database, db }, limiter);
  registerMessagingRoutes(app, db);
  registerAuditRoutes(app, db, rawDb);
  registerSiteRoutes(app, db);
  registerReportRoutes(app, db);
  registerFileRoutes(app, db, options.filesDir);
  registerVisitModule(app, db, { governmentCheck: options.governmentBlacklist });
  registerVehicleRoutes(app, db, { governmentCheck: options.governmentBlacklist });
  registerPatrolRoutes(app, db, limiter);
  registerIncidentRoutes(app, db);
  registerKeyRoutes(app, db);
  registerStockRoutes(app, db);
  registerSignatureRoutes(app, db);
  registerLogisticsRoutes(app, db);
  registerKboxRoutes(app, db, limiter);
  registerDashboardRoutes(app, db);
  registerEgovRoutes(app, db, options.egov ?? noEgovProvider);
  registerPrivacyRoutes(app, db);

  if (options.webDir && fs.existsSync(path.join(options.webDir, 'index.html')))
    await registerWebApp(app, options.webDir);
  return app;
}
