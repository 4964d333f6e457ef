import { z } from 'zod';

/**
 * What an installation is configured with (`npm run check-config`, the start, `/api/health/ready` for
 * administrators): each outside provider and setting, whether it is real, a simulator or off, and what
 * production still lacks.
 */
export const CONFIG_PROVIDERS = [
  'database',
  'email',
  'sms',
  'blacklist',
  'egov',
  'ldap',
  'oidc',
  'publicUrl',
  'proxyTrust',
  'metrics',
  'demoData',
] as const;
export type ConfigProvider = (typeof CONFIG_PROVIDERS)[number];

/** `real`: does the real thing; `simulator`: pretends (demo only); `off`: not configured. */
export const PROVIDER_STATES = ['real', 'simulator', 'off'] as const;
export type ProviderState = (typeof PROVIDER_STATES)[number];

export const providerReportSchema = z.object({
  provider: z.enum(CONFIG_PROVIDERS),
  state: z.enum(PROVIDER_STATES),
  /** What it is, in the operator's words (English, as the console and the log speak). */
  detail: z.string(),
  /** What production needs here and is missing (the variable to set), or null. */
  missing: z.string().nullable(),
});
export type ProviderReport = z.infer<typeof providerReportSchema>;

export const configReportSchema = z.object({
  /** Whether the demo data set (sites, users with the published password, simulators) is on. */
  demoData: z.boolean(),
  /** Whether nothing production needs is missing. */
  complete: z.boolean(),
  providers: z.array(providerReportSchema),
});
export type ConfigReport = z.infer<typeof configReportSchema>;

/** What administrators are told in a banner: something that pretends or does not leave. */
export const CONFIG_NOTICES = [
  /** E-mails are kept as "not sent: no transport configured". */
  'EMAIL_NO_TRANSPORT',
  /** SMS were kept as "not sent: no transport configured" (shown once one is kept: SMS are optional). */
  'SMS_NO_TRANSPORT',
  /** A simulator reads identity documents on an installation without demo data. */
  'EGOV_SIMULATOR',
  /** A simulator answers the government blacklist checks on an installation without demo data. */
  'BLACKLIST_SIMULATOR',
] as const;
export type ConfigNotice = (typeof CONFIG_NOTICES)[number];

/** Messages kept as not sent for want of a transport, per channel. */
export const heldMessagesSchema = z.object({ email: z.number().int(), sms: z.number().int() });
export type HeldMessages = z.infer<typeof heldMessagesSchema>;

/**
 * The notices of a report: the e-mail transport off (password resets depend on it), SMS kept for want of a
 * gateway, a simulator outside demo data.
 */
export function configNotices(report: ConfigReport, held: HeldMessages): ConfigNotice[] {
  const state = (provider: ConfigProvider) => report.providers.find((p) => p.provider === provider)?.state;
  const notices: ConfigNotice[] = [];
  if (state('email') === 'off') notices.push('EMAIL_NO_TRANSPORT');
  if (state('sms') === 'off' && held.sms > 0) notices.push('SMS_NO_TRANSPORT');
  if (!report.demoData && state('egov') === 'simulator') notices.push('EGOV_SIMULATOR');
  if (!report.demoData && state('blacklist') === 'simulator') notices.push('BLACKLIST_SIMULATOR');
  return notices;
}

/** Where an outbox message stands: waiting for (another) attempt, sent, kept for want of a transport, given up. */
export const DELIVERY_STATES = ['WAITING', 'SENT', 'NO_TRANSPORT', 'FAILED'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** The answer of a re-send of messages kept for want of a transport. */
export const resendResultSchema = z.object({ resent: z.number().int() });
export type ResendResult = z.infer<typeof resendResultSchema>;
