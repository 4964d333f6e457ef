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
