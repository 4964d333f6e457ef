import { z } from 'zod';
import { AUTH_PROVIDERS } from './entities/system';
import { LOGISTICS_BOARD_REFRESH_MS } from './entities/logistics';
import { PATROL_UNFINISHED_REFRESH_MS } from './entities/patrolInstance';
import { MODULES } from './modules';
import { ROLE_TABS } from './roles';
import { CHUNK_LOAD_TIMEOUT_MS, FILE_SIZE_OPTIONS_MB, LANGUAGES, PAGE_SIZES } from './wire';

/** Signed documents waiting for a signature refresh this often (spec: signatures signed 5 s). */
export const SIGNATURES_SIGNED_REFRESH_MS = 5_000;

/**
 * `GET /api/system_option/config` (anyone logged in): the product's constants the web app works with —
 * languages, page sizes, upload size options, refresh periods and the chunk load time-out.
 */
export const systemOptionConfigSchema = z.object({
  languages: z.array(z.enum(LANGUAGES)),
  pageSizes: z.array(z.number().int()),
  fileSizeOptionsMb: z.array(z.number().int()),
  refreshMs: z.object({
    logisticsBoard: z.number().int(),
    unfinishedPatrols: z.number().int(),
    signaturesSigned: z.number().int(),
  }),
  chunkLoadTimeoutMs: z.number().int(),
});
export type SystemOptionConfig = z.infer<typeof systemOptionConfigSchema>;

export const SYSTEM_OPTION_CONFIG: SystemOptionConfig = {
  languages: [...LANGUAGES],
  pageSizes: [...PAGE_SIZES],
  fileSizeOptionsMb: [...FILE_SIZE_OPTIONS_MB],
  refreshMs: {
    logisticsBoard: LOGISTICS_BOARD_REFRESH_MS,
    unfinishedPatrols: PATROL_UNFINISHED_REFRESH_MS,
    signaturesSigned: SIGNATURES_SIGNED_REFRESH_MS,
  },
  chunkLoadTimeoutMs: CHUNK_LOAD_TIMEOUT_MS,
};

/** `GET /api/system_option/roles`: the assignable roles, by the tab of the roles editor they appear on. */
export const systemOptionRolesSchema = z.array(z.object({ tab: z.string(), roles: z.array(z.string()) }));
export const SYSTEM_OPTION_ROLES = Object.entries(ROLE_TABS).map(([tab, roles]) => ({
  tab,
  roles: [...roles] as string[],
}));

/** `GET /api/system_option/modules`: every module a site can enable. */
export const systemOptionModulesSchema = z.array(z.enum(MODULES));

/** `GET /api/system_option/authproviders` (public: the login page may ask): how users can authenticate. */
export const systemOptionAuthProvidersSchema = z.array(z.enum(AUTH_PROVIDERS));

export type SystemOptionRoles = z.infer<typeof systemOptionRolesSchema>;
export type SystemOptionModules = z.infer<typeof systemOptionModulesSchema>;
export type SystemOptionAuthProviders = z.infer<typeof systemOptionAuthProvidersSchema>;

/** What each `GET /api/system_option/<name>` answers: the web app asks the server for them (spec section 7). */
export interface SystemOptions {
  config: SystemOptionConfig;
  roles: SystemOptionRoles;
  modules: SystemOptionModules;
  authproviders: SystemOptionAuthProviders;
}
export type SystemOptionName = keyof SystemOptions;
