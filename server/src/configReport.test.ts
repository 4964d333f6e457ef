import { describe, expect, it } from 'vitest';
import { configNotices } from '@strazce/contract';
import { configFromEnv } from './config';
import { configReport, describeConfigReport } from './configReport';

const stateOf = (env: NodeJS.ProcessEnv, provider: string) =>
  configReport(configFromEnv(env)).providers.find((entry) => entry.provider === provider);

const production = {
  DATABASE_URL: 'postgres://app@db/strazce',
  SMTP_URL: 'smtp://mail.example:587',
  PUBLIC_URL: 'https://strazce.example',
};

describe('the configuration report (npm run check-config)', () => {
  it('names every provider once, and a demo installation as incomplete for production', () => {
    const report = configReport(configFromEnv({}));
    expect(report.providers.map((entry) => entry.provider)).toEqual([
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
    ]);
    expect(report.demoData).toBe(true);
    expect(report.complete).toBe(false);
    expect(stateOf({}, 'egov')).toMatchObject({
      state: 'simulator',
      missing: 'EGOV_URL (or EGOV_PROVIDER=none)',
    });
    expect(stateOf({}, 'email')).toMatchObject({ state: 'off', missing: 'SMTP_URL' });
  });

  it('is complete with PostgreSQL, SMTP and the public address; simulators off without demo data', () => {
    const report = configReport(configFromEnv(production));
    expect(report.demoData).toBe(false);
    expect(report.complete).toBe(true);
    expect(stateOf(production, 'egov')?.state).toBe('off');
    expect(stateOf(production, 'blacklist')?.state).toBe('off');
    expect(stateOf(production, 'sms')).toMatchObject({ state: 'off', missing: null });
    expect(describeConfigReport(report).at(-1)).toBe('Production settings: complete.');
  });

  it('counts a named simulator, a missing public address and demo data as gaps', () => {
    const simulated = { ...production, EGOV_PROVIDER: 'simulator' };
    expect(configReport(configFromEnv(simulated)).complete).toBe(false);
    expect(stateOf(simulated, 'egov')?.state).toBe('simulator');
    const noAddress = { ...production, PUBLIC_URL: '' };
    expect(stateOf(noAddress, 'publicUrl')).toMatchObject({ state: 'off', missing: 'PUBLIC_URL' });
    expect(
      stateOf({ ...production, RESET_LINK_ORIGINS: 'https://a.example', PUBLIC_URL: '' }, 'publicUrl')?.state,
    ).toBe('real');
    expect(configReport(configFromEnv({ ...production, DEMO_DATA: 'true' })).complete).toBe(false);
    expect(stateOf({ ...production, MAIL_DIR: '/var/mail/pickup', SMTP_URL: '' }, 'email')?.state).toBe(
      'real',
    );
    expect(describeConfigReport(configReport(configFromEnv(noAddress))).at(-1)).toBe(
      'Production settings: incomplete (PUBLIC_URL).',
    );
  });

  it('gives administrators notices: e-mail off, SMS kept, a simulator outside demo data', () => {
    const none = { email: 0, sms: 0 };
    expect(configNotices(configReport(configFromEnv(production)), none)).toEqual([]);
    expect(configNotices(configReport(configFromEnv(production)), { email: 0, sms: 2 })).toEqual([
      'SMS_NO_TRANSPORT',
    ]);
    expect(
      configNotices(
        configReport(
          configFromEnv({
            ...production,
            SMTP_URL: '',
            EGOV_PROVIDER: 'simulator',
            BLACKLIST_PROVIDER: 'simulator',
          }),
        ),
        none,
      ),
    ).toEqual(['EMAIL_NO_TRANSPORT', 'EGOV_SIMULATOR', 'BLACKLIST_SIMULATOR']);
    // On a demo installation the simulators are what it is for.
    expect(configNotices(configReport(configFromEnv({ SMTP_URL: 'smtp://m:25' })), none)).toEqual([]);
  });
});

describe('the company directory settings (LDAP_*)', () => {
  const base = { LDAP_USER_BASE: 'ou=people,dc=example,dc=test' };

  it('is off without LDAP_URL, and reported with its address, search and provisioning when set', () => {
    expect(stateOf({}, 'ldap')).toMatchObject({ state: 'off', missing: null });
    const env = {
      ...base,
      LDAP_URL: 'ldaps://dc1.example.test:636',
      LDAP_BIND_DN: 'cn=svc,dc=example,dc=test',
      LDAP_BIND_PASSWORD: 'not-in-the-report',
    };
    const entry = stateOf(env, 'ldap');
    expect(entry).toMatchObject({ state: 'real', missing: null });
    expect(entry?.detail).toContain('ldaps://dc1.example.test:636');
    expect(entry?.detail).not.toContain('not-in-the-report');
    expect(configFromEnv(env).ldap).toMatchObject({
      usernameAttribute: 'uid',
      groupAttribute: 'memberOf',
      timeoutMs: 5000,
      recheckSeconds: 60,
      provisioning: 'existing',
      groupMap: [],
    });
  });

  it('refuses plain ldap:// off the loopback, half a service account and a bad group map', () => {
    expect(() => configFromEnv({ ...base, LDAP_URL: 'ldap://dc1.example.test' })).toThrow(/ldaps/);
    expect(
      configFromEnv({ ...base, LDAP_URL: 'ldap://dc1.example.test', LDAP_STARTTLS: 'true' }).ldap?.startTls,
    ).toBe(true);
    expect(configFromEnv({ ...base, LDAP_URL: 'ldap://127.0.0.1:389' }).ldap?.url).toBe(
      'ldap://127.0.0.1:389',
    );
    expect(() => configFromEnv({ ...base, LDAP_URL: 'https://dc1.example.test' })).toThrow(/ldap/);
    expect(() => configFromEnv({ LDAP_URL: 'ldaps://dc1.example.test' })).toThrow(/LDAP_USER_BASE/);
    expect(() =>
      configFromEnv({ ...base, LDAP_URL: 'ldaps://dc1.example.test', LDAP_BIND_DN: 'cn=svc' }),
    ).toThrow(/together/);
    expect(() =>
      configFromEnv({
        ...base,
        LDAP_URL: 'ldaps://dc1.example.test',
        LDAP_GROUP_MAP: '[{"directoryGroup":"cn=x"}]',
      }),
    ).toThrow(/group or a site/);
    expect(() =>
      configFromEnv({ ...base, LDAP_URL: 'ldaps://dc1.example.test', LDAP_PROVISIONING: 'mapped' }),
    ).toThrow(/LDAP_GROUP_MAP/);
    expect(() =>
      configFromEnv({ ...base, LDAP_URL: 'ldaps://dc1.example.test', LDAP_USERNAME_ATTRIBUTE: 'uid)(x' }),
    ).toThrow(/attribute/);
  });
});
