import { isAbsolute, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return [...error.problems];
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('works with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      nodeEnv: 'development',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      adminUsername: 'admin',
      adminPassword: undefined,
      corsOrigins: [],
      staff2fa: 'required',
      logLevel: 'info',
      trustProxy: false,
    });
    expect(config.dataDir).toBe(join(process.cwd(), 'data'));
    expect(config.webDistDir.endsWith(join('apps', 'web', 'build'))).toBe(true);
    expect(isAbsolute(config.webDistDir)).toBe(true);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('treats empty strings as missing', () => {
    const config = loadConfig({
      PORT: '',
      DATABASE_URL: '',
      ADMIN_PASSWORD: '  ',
      CORS_ORIGINS: '',
    });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.adminPassword).toBeUndefined();
  });

  it('parses every key', () => {
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://user:pw@db.internal:5432/brokerdesk',
      DATA_DIR: '/var/lib/brokerdesk',
      PUBLIC_URL: 'https://broker.example.com/',
      ADMIN_USERNAME: 'owner',
      ADMIN_PASSWORD: 'a-long-enough-password',
      SMTP_URL: 'smtp://mail.example.com:587',
      REDIS_URL: 'redis://cache:6379',
      CORS_ORIGINS: 'https://app.example.com, http://localhost:5173',
      STAFF_2FA: 'optional',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: 'dist/web',
      TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({
      port: 0,
      host: '127.0.0.1',
      nodeEnv: 'production',
      dataDir: '/var/lib/brokerdesk',
      publicUrl: 'https://broker.example.com',
      adminUsername: 'owner',
      corsOrigins: ['https://app.example.com', 'http://localhost:5173'],
      staff2fa: 'optional',
      logLevel: 'silent',
      webDistDir: join(process.cwd(), 'dist/web'),
      trustProxy: true,
    });
  });

  it('names every bad key in one error, without echoing secrets', () => {
    const problems = problemsOf({
      PORT: '70000',
      NODE_ENV: 'staging',
      DATABASE_URL: 'mysql://localhost/db',
      PUBLIC_URL: 'not a url',
      ADMIN_PASSWORD: 'short-pw',
      CORS_ORIGINS: 'https://ok.example.com,https://bad.example.com/path',
      STAFF_2FA: 'sometimes',
      LOG_LEVEL: 'loud',
      TRUST_PROXY: 'maybe',
      SMTP_URL: 'http://mail',
    });
    const keys = problems.map((problem) => problem.split(' ')[0]);
    expect(keys.sort()).toEqual(
      [
        'ADMIN_PASSWORD',
        'CORS_ORIGINS',
        'DATABASE_URL',
        'LOG_LEVEL',
        'NODE_ENV',
        'PORT',
        'PUBLIC_URL',
        'SMTP_URL',
        'STAFF_2FA',
        'TRUST_PROXY',
      ].sort(),
    );
    expect(problems.join('\n')).not.toContain('short-pw');
    expect(problems).toContain('ADMIN_PASSWORD must be at least 12 characters');
    expect(problems).toContain('PORT must be a whole number from 0 to 65535');
  });

  it('puts every problem in the error message', () => {
    expect(() => loadConfig({ PORT: 'abc', STAFF_2FA: 'no' })).toThrow(
      /Invalid configuration: PORT must be a whole number from 0 to 65535; STAFF_2FA must be required or optional/,
    );
  });

  it('reads the TOTP encryption keys as 32 bytes of base64 and names a bad one without echoing it', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    const previous = Buffer.alloc(32, 9).toString('base64');
    const config = loadConfig({ TOTP_ENCRYPTION_KEY: key, TOTP_ENCRYPTION_KEY_PREVIOUS: previous });
    expect(config.totpEncryptionKey?.equals(Buffer.alloc(32, 7))).toBe(true);
    expect(config.totpEncryptionKeyPrevious?.equals(Buffer.alloc(32, 9))).toBe(true);
    expect(loadConfig({}).totpEncryptionKey).toBeUndefined();

    const short = Buffer.alloc(16, 1).toString('base64');
    const problems = problemsOf({ TOTP_ENCRYPTION_KEY: short });
    expect(problems).toEqual([
      'TOTP_ENCRYPTION_KEY must be 32 random bytes in base64 (e.g. `openssl rand -base64 32`)',
    ]);
    expect(problems.join('\n')).not.toContain(short);
    expect(() => loadConfig({ TOTP_ENCRYPTION_KEY_PREVIOUS: previous })).toThrow(
      /TOTP_ENCRYPTION_KEY_PREVIOUS needs TOTP_ENCRYPTION_KEY/,
    );
  });

  it('defaults the activity popup on, a 24-hour window and the simulated market data', () => {
    expect(loadConfig({})).toMatchObject({
      activityPopup: true,
      activityWindowHours: 24,
      marketDataProvider: 'simulated',
      marketSeed: undefined,
      replaySpeed: 1,
      replayLoop: false,
      quoteStaleSeconds: 60,
      tickRetentionHours: 2,
    });
  });

  it('reads the replay settings and keeps the manual source for tests', () => {
    expect(
      loadConfig({
        MARKET_DATA_PROVIDER: 'replay',
        REPLAY_FILE: '/tmp/ticks.jsonl',
        REPLAY_SPEED: 'max',
        REPLAY_LOOP: 'on',
        MARKET_SEED: '42',
      }),
    ).toMatchObject({
      marketDataProvider: 'replay',
      replayFile: '/tmp/ticks.jsonl',
      replaySpeed: 'max',
      replayLoop: true,
      marketSeed: 42,
    });
    expect(loadConfig({ REPLAY_SPEED: '60' }).replaySpeed).toBe(60);
    expect(problemsOf({ MARKET_DATA_PROVIDER: 'replay' })).toEqual([
      'REPLAY_FILE is required with MARKET_DATA_PROVIDER=replay',
    ]);
    expect(problemsOf({ MARKET_DATA_PROVIDER: 'manual' })).toEqual([
      'MARKET_DATA_PROVIDER manual is for tests only (NODE_ENV=test)',
    ]);
    expect(
      loadConfig({ MARKET_DATA_PROVIDER: 'manual', NODE_ENV: 'test' }).marketDataProvider,
    ).toBe('manual');
    // A test app runs no wall-clock simulator unless it asks for one.
    expect(loadConfig({ NODE_ENV: 'test' }).marketDataProvider).toBe('manual');
    expect(problemsOf({ REPLAY_SPEED: '0.5', TICK_RETENTION_HOURS: '0' })).toEqual([
      'REPLAY_SPEED must be 1, a whole speed-up factor such as 60, or max',
      'TICK_RETENTION_HOURS must be a whole number of hours from 1 to 720',
    ]);
  });

  it('parses the activity popup and market data keys', () => {
    expect(
      loadConfig({
        ACTIVITY_POPUP: 'off',
        ACTIVITY_WINDOW_HOURS: '48',
        MARKET_DATA_PROVIDER: 'simulated',
      }),
    ).toMatchObject({
      activityPopup: false,
      activityWindowHours: 48,
      marketDataProvider: 'simulated',
    });
  });

  it('rejects an unknown market data provider and bad activity settings', () => {
    expect(
      problemsOf({
        ACTIVITY_POPUP: 'maybe',
        ACTIVITY_WINDOW_HOURS: '0',
        MARKET_DATA_PROVIDER: 'acme-feed',
      }),
    ).toEqual([
      'ACTIVITY_POPUP must be on or off',
      'ACTIVITY_WINDOW_HOURS must be a whole number of hours from 1 to 720',
      'MARKET_DATA_PROVIDER must be one of simulated, replay, manual',
    ]);
  });

  it("reads the proxy trust as all hops, a hop count or the proxies' addresses", () => {
    const trust = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;
    expect(trust('true')).toBe(true);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.0/8, 192.168.1.7')).toEqual(['10.0.0.0/8', '192.168.1.7']);
    expect(problemsOf({ TRUST_PROXY: 'the balancer' })).toEqual([
      'TRUST_PROXY must be false, true, a number of proxy hops (e.g. 1) or proxy addresses/CIDRs (e.g. 10.0.0.0/8)',
    ]);
  });

  it('limits the pool and the shutdown wait, with defaults of 10 connections and 10 s', () => {
    expect(loadConfig({})).toMatchObject({ databasePoolMax: 10, shutdownTimeoutMs: 10_000 });
    expect(loadConfig({ DATABASE_POOL_MAX: '25', SHUTDOWN_TIMEOUT_SECONDS: '30' })).toMatchObject({
      databasePoolMax: 25,
      shutdownTimeoutMs: 30_000,
    });
    expect(problemsOf({ DATABASE_POOL_MAX: '0', SHUTDOWN_TIMEOUT_SECONDS: '1h' })).toEqual([
      'DATABASE_POOL_MAX must be a whole number of connections from 1 to 100',
      'SHUTDOWN_TIMEOUT_SECONDS must be a whole number of seconds from 1 to 300',
    ]);
  });

  it('limits deposits before documents to $2,000 unless DEPOSITS_BEFORE_DOCUMENTS_USD says', () => {
    expect(loadConfig({}).depositsBeforeDocumentsMinor).toBe(200_000);
    expect(loadConfig({ DEPOSITS_BEFORE_DOCUMENTS_USD: '500' }).depositsBeforeDocumentsMinor).toBe(
      50_000,
    );
    expect(loadConfig({ DEPOSITS_BEFORE_DOCUMENTS_USD: '0' }).depositsBeforeDocumentsMinor).toBe(0);
    expect(problemsOf({ DEPOSITS_BEFORE_DOCUMENTS_USD: '2000.50' })).toEqual([
      'DEPOSITS_BEFORE_DOCUMENTS_USD must be a whole number of dollars (0 for none)',
    ]);
  });

  it('sets a $10 minimum withdrawal unless MIN_WITHDRAWAL_USD says', () => {
    expect(loadConfig({}).minWithdrawalMinor).toBe(1_000);
    expect(loadConfig({ MIN_WITHDRAWAL_USD: '25' }).minWithdrawalMinor).toBe(2_500);
    expect(loadConfig({ MIN_WITHDRAWAL_USD: '0' }).minWithdrawalMinor).toBe(0);
    expect(problemsOf({ MIN_WITHDRAWAL_USD: '9.99' })).toEqual([
      'MIN_WITHDRAWAL_USD must be a whole number of dollars (0 for none)',
    ]);
  });

  it('serves the API docs UI unless API_DOCS_UI=off', () => {
    expect(loadConfig({}).apiDocsUi).toBe(true);
    expect(loadConfig({ API_DOCS_UI: 'off' }).apiDocsUi).toBe(false);
    expect(problemsOf({ API_DOCS_UI: 'no' })).toEqual(['API_DOCS_UI must be on or off']);
  });
  it('holds referral commission 30 days and caps it at $250 per referred client by default', () => {
    expect(loadConfig({}).referralHoldDays).toBe(30);
    expect(loadConfig({}).referralCapMinor).toBe(25_000);
    const set = loadConfig({ REFERRAL_HOLD_DAYS: '0', REFERRAL_CAP_USD: '100' });
    expect([set.referralHoldDays, set.referralCapMinor]).toEqual([0, 10_000]);
    expect(problemsOf({ REFERRAL_HOLD_DAYS: '366', REFERRAL_CAP_USD: '12.50' })).toEqual([
      'REFERRAL_HOLD_DAYS must be a whole number of days from 0 to 365',
      'REFERRAL_CAP_USD must be a whole number of dollars (0 for no commission)',
    ]);
  });
});
