import { AUTH_PROVIDERS } from './entities/system';
import { z } from 'zod';
import { MODULES } from './modules';
import { siteConfigEntrySchema } from './siteConfig';
import { passwordSchema } from './validation';
import { TOTP_CODE_PATTERN } from './wire';

export const sessionUserSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  person: z
    .object({
      id: z.number().int(),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string().nullable(),
    })
    .nullable(),
  tfa: z.boolean(),
  forceTfa: z.boolean(),
  /** How the user signs in: an OIDC user has no password the product could ask for (two-factor set-up). */
  authProvider: z.enum(AUTH_PROVIDERS),
  hasAvatar: z.boolean(),
  /** The user must choose a new password before anything else (generated or administrator-set password). */
  mustChangePassword: z.boolean(),
});

export const siteRefSchema = z.object({ id: z.number().int(), name: z.string() });

/** Body of a successful login or restore (`GET /api/session`). */
export const sessionResponseSchema = z.object({
  user: sessionUserSchema,
  session: z.object({ token: z.string(), expires: z.string() }),
  sites: z.array(siteRefSchema),
  authorities: z.array(z.object({ role: z.string() })),
  site: z.object({ id: z.number().int() }).nullable(),
  /**
   * What the app needs of the current site before its first page, in the same answer (one round trip less on a
   * slow network): its enabled modules and its configuration, as `GET /api/system_site/modules` and
   * `GET /api/system_site/config` give them; empty without a site.
   */
  modules: z.array(z.enum(MODULES)),
  config: z.array(siteConfigEntrySchema),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** An OpenID Connect issuer users sign in with (`GET /api/session/oidc/issuers`, the login page's buttons). */
export const oidcIssuerSchema = z.object({ id: z.string(), name: z.string() });
export type OidcIssuer = z.infer<typeof oidcIssuerSchema>;

/**
 * The hand-over of an OpenID Connect sign-in (`POST /api/session/oidc/handover`): the one-time code the
 * callback put in the login page's address fragment, for the session (+ `X-TFA-Token`, `X-Client-Token`).
 */
export const oidcHandoverRequestSchema = z.strictObject({ code: z.string().min(1).max(4096) });

export const tfaCheckRequestSchema = z.strictObject({ userName: z.string().min(1).max(100) });
export const tfaCheckResponseSchema = z.object({ tfaRequired: z.boolean() });

export const tfaCodeRequestSchema = z.strictObject({
  code: z.string().regex(TOTP_CODE_PATTERN, { message: 'validation.tfaCode' }),
});
/**
 * Starting (or repeating) the two-factor set-up: the current password, and the current code when two-factor
 * is on, so that a session token alone cannot replace the user's authenticator. An OIDC user has no password
 * here (none is sent; the server requires it of every other user).
 */
export const tfaSetupRequestSchema = z.strictObject({
  password: z.string().max(200).optional(),
  code: z.string().regex(TOTP_CODE_PATTERN, { message: 'validation.tfaCode' }).optional(),
});
export const tfaSetupResponseSchema = z.object({ secret: z.string(), uri: z.string(), qr: z.string() });

export const passwordResetRequestSchema = z.strictObject({ userName: z.string().min(1).max(254) });
export const passwordResetSchema = z.strictObject({
  token: z.string().min(10).max(200),
  password: passwordSchema,
});

/** The user's own password change (`POST /api/session/password`). */
export const passwordChangeSchema = z.strictObject({
  currentPassword: z.string().min(1, { message: 'validation.required' }).max(200),
  newPassword: passwordSchema,
});

export const siteSwitchRequestSchema = z.object({ id: z.number().int().positive() }).passthrough();

export const clientAuthorizeRequestSchema = z.strictObject({ name: z.string().trim().min(1).max(100) });

/**
 * `GET /api/system_client/membership` (public): the terminal this browser or device is, by its `X-Client-Token`
 * — valid, authorized and not expired — or null. `internalRole` is null for a browser terminal.
 */
export const clientMembershipSchema = z.object({
  terminal: z
    .object({
      id: z.number().int(),
      name: z.string(),
      internalRole: z.string().nullable(),
      site: z.object({ id: z.number().int(), label: z.string() }).nullable(),
      expires: z.iso.datetime({ offset: true }).nullable(),
    })
    .nullable(),
});
export type ClientMembership = z.infer<typeof clientMembershipSchema>;

export const infoResponseSchema = z.object({
  name: z.string(),
  version: z.string(),
  time: z.string(),
  database: z.enum(['pglite', 'postgresql']),
});
