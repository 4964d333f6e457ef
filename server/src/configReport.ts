import type { ConfigReport, ProviderReport } from '@strazce/contract';
import { demoDataOn, providerKind, type AppConfig } from './config';

const provider = (
  name: ProviderReport['provider'],
  state: ProviderReport['state'],
  detail: string,
  missing: string | null = null,
): ProviderReport => ({ provider: name, state, detail, missing });

/**
 * What the configuration does, provider by provider, and what production lacks (README, "Configuration"): an
 * e-mail and SMS transport, the public address for links, real providers instead of simulators, no demo data.
 * The one source of `npm run check-config`, the start's log, `/api/health/ready` for administrators and the
 * administrators' banner.
 */
export function configReport(config: AppConfig): ConfigReport {
  const demoData = demoDataOn(config);
  const egov = providerKind(config.egov.provider, config.egov.url, demoData);
  const blacklist = providerKind(config.blacklist.provider, config.blacklist.url, demoData);
  const providers: ProviderReport[] = [
    config.databaseUrl
      ? provider(
          'database',
          'real',
          config.databasePooler
            ? `PostgreSQL (DATABASE_URL, through a pooler in ${config.databasePooler} mode)`
            : 'PostgreSQL (DATABASE_URL)',
        )
      : provider('database', 'real', `the embedded database in ${config.dataDir} (one server per folder)`),
    config.smtpUrl
      ? provider('email', 'real', 'SMTP (SMTP_URL)')
      : config.mailDir
        ? provider('email', 'real', `a pickup directory (MAIL_DIR): each e-mail becomes a file there`)
        : provider('email', 'off', 'no transport: e-mails are kept as not sent', 'SMTP_URL'),
    config.sms.url
      ? provider('sms', 'real', 'an HTTP gateway (SMS_URL)')
      : // Optional: only keyboxes send SMS; an SMS kept for want of it shows in the administrators' banner.
        provider('sms', 'off', 'no gateway: SMS (keybox notifications) are kept as not sent'),
    blacklist === 'http'
      ? provider('blacklist', 'real', 'an HTTP register (BLACKLIST_URL)')
      : blacklist === 'simulator'
        ? provider(
            'blacklist',
            'simulator',
            'the simulator: a document or plate beginning with X is a hit',
            'BLACKLIST_URL (or BLACKLIST_PROVIDER=none)',
          )
        : provider('blacklist', 'off', 'no register: entries are marked not checked'),
    egov === 'http'
      ? provider('egov', 'real', 'an HTTP provider (EGOV_URL)')
      : egov === 'simulator'
        ? provider(
            'egov',
            'simulator',
            `the simulator: reads fictitious people${config.egov.simulatorFail ? ', failing every call' : ''}`,
            'EGOV_URL (or EGOV_PROVIDER=none)',
          )
        : provider('egov', 'off', 'none: the "Read ID" button is hidden'),
    config.ldap
      ? provider(
          'ldap',
          'real',
          `users with the provider LDAP log in against ${ldapAddress(config.ldap.url)}` +
            `${config.ldap.startTls ? ' (StartTLS)' : ''}, ` +
            `${config.ldap.bindDn ? 'searching as LDAP_BIND_DN' : 'searching anonymously'}; ` +
            (config.ldap.provisioning === 'mapped'
              ? 'users of mapped groups are created at their first login'
              : 'only users an administrator created'),
        )
      : // Optional: without a directory every user has a password of the product.
        provider('ldap', 'off', 'no company directory: only local passwords'),
    config.oidc
      ? provider(
          'oidc',
          'real',
          config.oidc.issuers
            .map(
              (issuer) =>
                `${issuer.id} (${issuer.name}): ${issuer.issuer}, client ${issuer.clientId}` +
                (issuer.clientSecretEnv
                  ? `, secret from ${issuer.clientSecretEnv}`
                  : issuer.clientSecret
                    ? ', secret in OIDC_ISSUERS'
                    : ', public client') +
                `, user by ${issuer.userClaim}, groups from ${issuer.groupsClaim}` +
                (issuer.groupMap.length ? ` (${issuer.groupMap.length} mapped)` : '') +
                (issuer.trustAmr.length
                  ? `, its MFA (${issuer.trustAmr.join(', ')}) replaces the TOTP code`
                  : '') +
                (issuer.provisioning === 'mapped' ? ', users of mapped groups are created' : ''),
            )
            .join('; ') +
            (config.oidc.cookieSecret
              ? ''
              : '; no OIDC_COOKIE_SECRET: a sign-in finishes only on the instance that started it'),
        )
      : provider('oidc', 'off', 'no OpenID Connect issuer'),
    config.publicUrl
      ? provider('publicUrl', 'real', `links point to ${config.publicUrl}`)
      : config.resetOrigins.length > 0
        ? provider(
            'publicUrl',
            'real',
            `links point to the calling origin of ${config.resetOrigins.join(', ')}`,
          )
        : provider('publicUrl', 'off', 'links point to this machine (localhost)', 'PUBLIC_URL'),
    config.trustProxy === false
      ? provider('proxyTrust', 'off', 'no proxy trusted: the client address is the connection’s')
      : provider(
          'proxyTrust',
          'real',
          config.trustProxy === true ? 'every proxy is trusted' : `trusted proxies: ${config.trustProxy}`,
        ),
    config.metricsPort || config.metricsToken
      ? provider(
          'metrics',
          'real',
          config.metricsPort ? `on port ${config.metricsPort}` : 'at /api/metrics with METRICS_TOKEN',
        )
      : provider('metrics', 'off', 'no metrics endpoint'),
    demoData
      ? provider(
          'demoData',
          'simulator',
          'demo sites and users with the published password',
          'DEMO_DATA=false on a new database',
        )
      : provider('demoData', 'off', 'no demo data'),
  ];
  return { demoData, complete: providers.every((entry) => entry.missing === null), providers };
}

/** The directory's address without anything a URL may carry besides scheme, host and port. */
function ldapAddress(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}`;
}

/** The report as lines for the console and the log. */
export function describeConfigReport(report: ConfigReport): string[] {
  const width = Math.max(...report.providers.map((entry) => entry.provider.length));
  return [
    ...report.providers.map(
      (entry) =>
        `${entry.provider.padEnd(width)}  ${entry.state.padEnd(9)}  ${entry.detail}` +
        (entry.missing ? `  [production: set ${entry.missing}]` : ''),
    ),
    report.complete
      ? 'Production settings: complete.'
      : `Production settings: incomplete (${report.providers
          .filter((entry) => entry.missing)
          .map((entry) => entry.missing)
          .join('; ')}).`,
  ];
}
