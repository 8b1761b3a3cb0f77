// The API's configuration: the environment parsed once at start. This is the only file that
// reads process.env; everything else receives a Config (tests build their own).
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_RETAIL_LEVERAGE_CAPS, LEVERAGE_CAP_CLASSES } from '@brokerdesk/shared/trading';
import type { LeverageCapClass, LeverageCaps } from '@brokerdesk/shared/trading';

/**
 * Where prices come from (docs/prices.md): the seeded simulator, a replayed file, or (tests
 * only, NODE_ENV=test) ticks a test pushes.
 */
export const MARKET_DATA_PROVIDERS = ['simulated', 'replay', 'manual'] as const;
export type MarketDataProviderName = (typeof MARKET_DATA_PROVIDERS)[number];

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** apps/web/build, found from this file's location so the working directory does not matter. */
const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/build', import.meta.url));

function urlWithProtocols(protocols: readonly string[], label: string) {
  return z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { error: `must be a ${label} URL (${protocols.map((p) => `${p}//`).join(' or ')})` },
  );
}

const originList = z.string().transform((value, ctx) => {
  const origins: string[] = [];
  for (const item of value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    let origin: string | null = null;
    try {
      const url = new URL(item);
      if (['http:', 'https:'].includes(url.protocol)) origin = url.origin;
    } catch {
      origin = null;
    }
    // An origin is scheme://host[:port] and nothing else (no path, no trailing slash).
    if (origin === null || origin !== item.replace(/\/$/, '')) {
      ctx.addIssue({
        code: 'custom',
        message: `"${item}" is not an origin like https://app.example.com`,
      });
      return z.NEVER;
    }
    origins.push(origin);
  }
  return origins;
});

const LEVERAGE_CAPS_MESSAGE = `must be class=cap pairs such as forex-major=30,crypto=2 (classes: ${LEVERAGE_CAP_CLASSES.join(', ')}; caps 1 to 10000)`;

/** "forex-major=30,crypto=2": the classes named replace the defaults (decision 132). */
const retailLeverageCaps = z.string().transform((value, ctx): LeverageCaps => {
  const caps: LeverageCaps = { ...DEFAULT_RETAIL_LEVERAGE_CAPS };
  for (const item of value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = /^([a-z-]+)=(\d{1,5})$/.exec(item);
    const name = match?.[1] as LeverageCapClass | undefined;
    const cap = Number(match?.[2]);
    if (!name || !LEVERAGE_CAP_CLASSES.includes(name) || cap < 1 || cap > 10_000) {
      ctx.addIssue({ code: 'custom', message: LEVERAGE_CAPS_MESSAGE });
      return z.NEVER;
    }
    caps[name] = cap;
  }
  return caps;
});

const TRUST_PROXY_MESSAGE =
  'must be false, true, a number of proxy hops (e.g. 1) or proxy addresses/CIDRs (e.g. 10.0.0.0/8)';
const ADDRESS_OR_CIDR = /^(?:[\d.]+|[\da-f:]+)(?:\/\d{1,3})?$/i;

/**
 * Whose X-Forwarded-For to believe. `true` believes every hop, so the left-most address (which
 * the caller may write) becomes the client; behind a balancer that appends to the header, give
 * the number of proxy hops or the proxies' addresses instead (docs/deployment.md).
 */
const trustProxySetting = z.string().transform((value, ctx): boolean | number | string[] => {
  const text = value.trim().toLowerCase();
  if (['true', 'yes'].includes(text)) return true;
  if (['false', 'no', '0'].includes(text)) return false;
  if (/^\d{1,2}$/.test(text)) return Number(text); // hops

  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length > 0 && parts.every((part) => ADDRESS_OR_CIDR.test(part))) return parts;
  ctx.addIssue({ code: 'custom', message: TRUST_PROXY_MESSAGE });
  return z.NEVER;
});

const SECRET_KEY_MESSAGE = 'must be 32 random bytes in base64 (e.g. `openssl rand -base64 32`)';

/** A 32-byte key given as base64; decoded here so a bad one stops the start with its name. */
const base64Key = z.string().transform((value, ctx) => {
  const text = value.trim();
  const bytes = /^[A-Za-z0-9+/]+={0,2}$/.test(text) ? Buffer.from(text, 'base64') : null;
  if (!bytes || bytes.length !== 32) {
    ctx.addIssue({ code: 'custom', message: SECRET_KEY_MESSAGE });
    return z.NEVER;
  }
  return bytes;
});

const EnvSchema = z.object({
  PORT: z
    .string()
    .regex(/^\d+$/, 'must be a whole number from 0 to 65535')
    .transform(Number)
    .refine((port) => port <= 65535, 'must be a whole number from 0 to 65535')
    .default(3000),
  HOST: z.string().default('0.0.0.0'),
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      error: 'must be development, production or test',
    })
    .default('development'),
  DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:'], 'PostgreSQL').optional(),
  DATA_DIR: z.string().default('./data'),
  PUBLIC_URL: urlWithProtocols(['http:', 'https:'], 'http(s)').optional(),
  ADMIN_USERNAME: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, 'must be 1-64 letters, digits, dots, dashes or underscores')
    .default('admin'),
  ADMIN_PASSWORD: z
    .string()
    .min(12, 'must be at least 12 characters')
    .max(128, 'must be at most 128 characters')
    .optional(),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:'], 'SMTP').optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .regex(
      /^([^<>@]+ )?<?[^\s<>@]+@[^\s<>@]+>?$/,
      'must be an address like "BrokerDesk <no-reply@example.com>"',
    )
    .optional(),
  REDIS_URL: urlWithProtocols(['redis:', 'rediss:'], 'Redis').optional(),
  CORS_ORIGINS: originList.default([]),
  STAFF_2FA: z
    .enum(['required', 'optional'], { error: 'must be required or optional' })
    .default('required'),
  TOTP_ENCRYPTION_KEY: base64Key.optional(),
  TOTP_ENCRYPTION_KEY_PREVIOUS: base64Key.optional(),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })
    .default('info'),
  WEB_DIST_DIR: z.string().default(DEFAULT_WEB_DIST_DIR),
  TRUST_PROXY: trustProxySetting.default(false),
  ACTIVITY_POPUP: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  ACTIVITY_WINDOW_HOURS: z
    .string()
    .regex(/^\d+$/, 'must be a whole number of hours from 1 to 720')
    .transform(Number)
    .refine((hours) => hours >= 1 && hours <= 720, 'must be a whole number of hours from 1 to 720')
    .default(24),
  FOUR_EYES_ABOVE: z
    .string()
    .regex(/^\d{1,8}$/, 'must be a whole number of dollars')
    .transform((dollars) => Number(dollars) * 100)
    .optional(),
  DEPOSITS_BEFORE_DOCUMENTS_USD: z
    .string()
    .regex(/^\d{1,8}$/, 'must be a whole number of dollars (0 for none)')
    .transform((dollars) => Number(dollars) * 100)
    .default(200_000),
  MIN_WITHDRAWAL_USD: z
    .string()
    .regex(/^\d{1,8}$/, 'must be a whole number of dollars (0 for none)')
    .transform((dollars) => Number(dollars) * 100)
    .default(1_000),
  API_DOCS_UI: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  REFERRAL_HOLD_DAYS: z
    .string()
    .regex(/^\d+$/, 'must be a whole number of days from 0 to 365')
    .transform(Number)
    .refine((days) => days <= 365, 'must be a whole number of days from 0 to 365')
    .default(30),
  REFERRAL_CAP_USD: z
    .string()
    .regex(/^\d{1,8}$/, 'must be a whole number of dollars (0 for no commission)')
    .transform((dollars) => Number(dollars) * 100)
    .default(25_000),
  // Trading (docs/trading.md): the demo account's opening balance and the live-trading switch.
  DEMO_BALANCE_USD: z
    .string()
    .regex(/^\d{1,8}$/, 'must be a whole number of dollars from 1 to 10000000')
    .transform((dollars) => Number(dollars) * 100)
    .refine(
      (cents) => cents >= 100 && cents <= 1_000_000_000,
      'must be a whole number of dollars from 1 to 10000000',
    )
    .default(1_000_000),
  LIVE_TRADING: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  RETAIL_LEVERAGE_CAPS: retailLeverageCaps.default(DEFAULT_RETAIL_LEVERAGE_CAPS),
  DATABASE_POOL_MAX: z
    .string()
    .regex(/^\d+$/, 'must be a whole number of connections from 1 to 100')
    .transform(Number)
    .refine((max) => max >= 1 && max <= 100, 'must be a whole number of connections from 1 to 100')
    .default(10),
  SHUTDOWN_TIMEOUT_SECONDS: z
    .string()
    .regex(/^\d+$/, 'must be a whole number of seconds from 1 to 300')
    .transform(Number)
    .refine(
      (seconds) => seconds >= 1 && seconds <= 300,
      'must be a whole number of seconds from 1 to 300',
    )
    .default(10),
  MARKET_DATA_PROVIDER: z
    .enum(MARKET_DATA_PROVIDERS, {
      error: `must be one of ${MARKET_DATA_PROVIDERS.join(', ')}`,
    })
    .optional(),
  MARKET_SEED: z
    .string()
    .regex(/^\d{1,10}$/, 'must be a whole number from 0 to 4294967295')
    .transform(Number)
    .refine((seed) => seed <= 0xffff_ffff, 'must be a whole number from 0 to 4294967295')
    .optional(),
  REPLAY_FILE: z.string().optional(),
  REPLAY_SPEED: z
    .string()
    .trim()
    .regex(/^(max|\d{1,6})$/i, 'must be 1, a whole speed-up factor such as 60, or max')
    .transform((text) => (text.toLowerCase() === 'max' ? ('max' as const) : Number(text)))
    .refine((speed) => speed === 'max' || speed >= 1, 'must be at least 1, or max')
    .default(1),
  REPLAY_LOOP: z.enum(['on', 'off'], { error: 'must be on or off' }).default('off'),
  QUOTE_STALE_SECONDS: z
    .string()
    .regex(/^\d+$/, 'must be a whole number of seconds from 1 to 86400')
    .transform(Number)
    .refine((s) => s >= 1 && s <= 86_400, 'must be a whole number of seconds from 1 to 86400')
    .default(60),
  TICK_RETENTION_HOURS: z
    .string()
    .regex(/^\d+$/, 'must be a whole number of hours from 1 to 720')
    .transform(Number)
    .refine((hours) => hours >= 1 && hours <= 720, 'must be a whole number of hours from 1 to 720')
    .default(2),
});

export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly nodeEnv: 'development' | 'production' | 'test';
  /** Absent → embedded PGlite in `${dataDir}/pglite`. */
  readonly databaseUrl: string | undefined;
  /** Absolute. */
  readonly dataDir: string;
  /** Where people reach the site, without a trailing slash. */
  readonly publicUrl: string;
  readonly adminUsername: string;
  readonly adminPassword: string | undefined;
  readonly smtpUrl: string | undefined;
  /** The From of every mail; its display name is the brand in mail templates. */
  readonly mailFrom: string;
  readonly redisUrl: string | undefined;
  readonly corsOrigins: readonly string[];
  readonly staff2fa: 'required' | 'optional';
  /**
   * Seals staff TOTP secrets (AES-256-GCM, 32 bytes). Absent → generated once into
   * DATA_DIR/totp-encryption-key (app/totp-keys.ts).
   */
  readonly totpEncryptionKey: Buffer | undefined;
  /** The key before a rotation: secrets sealed with it are sealed again at start. */
  readonly totpEncryptionKeyPrevious: Buffer | undefined;
  readonly logLevel: LogLevel;
  /** Absolute; its `client/` folder and `pages.json` are served when present. */
  readonly webDistDir: string;
  /** Fastify's trustProxy: all hops, a hop count, or the proxies' addresses. */
  readonly trustProxy: boolean | number | readonly string[];
  /** The home page's activity popup (docs/product.md §1.1); the operator may switch it off. */
  readonly activityPopup: boolean;
  /** How far back the popup's events go. */
  readonly activityWindowHours: number;
  /** Where prices come from (docs/prices.md); `manual` only with NODE_ENV=test. */
  readonly marketDataProvider: MarketDataProviderName;
  /** The simulator's seed; absent → a random one at start (logged). */
  readonly marketSeed: number | undefined;
  /** Absolute; required with MARKET_DATA_PROVIDER=replay. */
  readonly replayFile: string | undefined;
  /** 1 = recorded speed, N = N times faster, 'max' = as fast as the log takes them. */
  readonly replaySpeed: number | 'max';
  /** Start the file again (a whole number of weeks later) when it ends. */
  readonly replayLoop: boolean;
  /** An instrument is tradable while its latest tick is at most this old. */
  readonly quoteStaleSeconds: number;
  /** Ticks older than this (and behind the engine's cursor) are pruned. */
  readonly tickRetentionHours: number;
  /** PostgreSQL connections per instance (PGlite has one). */
  readonly databasePoolMax: number;
  /** How long SIGTERM waits for in-flight requests before the process exits anyway. */
  readonly shutdownTimeoutMs: number;
  /**
   * The four-eyes rule (off when undefined): a deposit confirmation or withdrawal approval of
   * more than this many cents needs two different staff members.
   */
  readonly fourEyesAboveMinor: number | undefined;
  /**
   * How much a client may ask to deposit, in total, before their proof of ID and of residence are
   * approved (cents; decision 104). Withdrawals wait for the documents whatever the amount.
   */
  readonly depositsBeforeDocumentsMinor: number;
  /** The least a client may ask to withdraw (cents); staff postings are not limited by it. */
  readonly minWithdrawalMinor: number;
  /** Swagger UI at /api/docs; the document at /api/docs/json is served either way. */
  readonly apiDocsUi: boolean;
  /**
   * Referral commission (decision 110): days a commission stays pending before it is paid, and
   * the most (cents) one referred client can earn their referrer, pending and paid together.
   */
  readonly referralHoldDays: number;
  readonly referralCapMinor: number;
  /** A new Demo trading account's balance (cents; DEMO_BALANCE_USD). */
  readonly demoBalanceMinor: number;
  /** LIVE_TRADING=on: live accounts open and trade; off: only closes, cancels and transfers. */
  readonly liveTrading: boolean;
  /** A retail client's leverage cap per class (decision 132; RETAIL_LEVERAGE_CAPS). */
  readonly retailLeverageCaps: LeverageCaps;
}

/** A bad environment: one message naming every bad key, printed without a stack trace. */
export class ConfigError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** "BrokerDesk <no-reply@{the public host}>"; localhost gets a reserved example domain. */
function defaultMailFrom(publicUrl: string): string {
  const host = new URL(publicUrl).hostname;
  const domain = host.includes('.') && !/^[\d.]+$/.test(host) ? host : 'example.com';
  return `BrokerDesk <no-reply@${domain}>`;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings count as missing, so `PORT=` in a .env file falls back to the default.
  const present = Object.fromEntries(
    Object.keys(EnvSchema.shape).flatMap((key) => {
      const value = env[key];
      return value === undefined || value.trim() === '' ? [] : [[key, value]];
    }),
  );
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const key = String(issue.path[0] ?? 'environment');
      return `${key} ${issue.message}`;
    });
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  if (e.MARKET_DATA_PROVIDER === 'manual' && e.NODE_ENV !== 'test') {
    throw new ConfigError(['MARKET_DATA_PROVIDER manual is for tests only (NODE_ENV=test)']);
  }
  if (e.MARKET_DATA_PROVIDER === 'replay' && !e.REPLAY_FILE) {
    throw new ConfigError(['REPLAY_FILE is required with MARKET_DATA_PROVIDER=replay']);
  }
  if (e.TOTP_ENCRYPTION_KEY_PREVIOUS && !e.TOTP_ENCRYPTION_KEY) {
    throw new ConfigError([
      'TOTP_ENCRYPTION_KEY_PREVIOUS needs TOTP_ENCRYPTION_KEY (the new key) beside it',
    ]);
  }
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    nodeEnv: e.NODE_ENV,
    databaseUrl: e.DATABASE_URL,
    dataDir: resolve(process.cwd(), e.DATA_DIR),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? defaultMailFrom(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`),
    redisUrl: e.REDIS_URL,
    corsOrigins: Object.freeze([...e.CORS_ORIGINS]),
    staff2fa: e.STAFF_2FA,
    totpEncryptionKey: e.TOTP_ENCRYPTION_KEY,
    totpEncryptionKeyPrevious: e.TOTP_ENCRYPTION_KEY_PREVIOUS,
    logLevel: e.LOG_LEVEL,
    webDistDir: resolve(process.cwd(), e.WEB_DIST_DIR),
    trustProxy: e.TRUST_PROXY,
    activityPopup: e.ACTIVITY_POPUP === 'on',
    activityWindowHours: e.ACTIVITY_WINDOW_HOURS,
    // Tests get the manual source unless they ask: no wall-clock simulator in a test app.
    marketDataProvider: e.MARKET_DATA_PROVIDER ?? (e.NODE_ENV === 'test' ? 'manual' : 'simulated'),
    marketSeed: e.MARKET_SEED,
    replayFile: e.REPLAY_FILE === undefined ? undefined : resolve(process.cwd(), e.REPLAY_FILE),
    replaySpeed: e.REPLAY_SPEED,
    replayLoop: e.REPLAY_LOOP === 'on',
    quoteStaleSeconds: e.QUOTE_STALE_SECONDS,
    tickRetentionHours: e.TICK_RETENTION_HOURS,
    fourEyesAboveMinor: e.FOUR_EYES_ABOVE,
    depositsBeforeDocumentsMinor: e.DEPOSITS_BEFORE_DOCUMENTS_USD,
    minWithdrawalMinor: e.MIN_WITHDRAWAL_USD,
    apiDocsUi: e.API_DOCS_UI === 'on',
    referralHoldDays: e.REFERRAL_HOLD_DAYS,
    referralCapMinor: e.REFERRAL_CAP_USD,
    demoBalanceMinor: e.DEMO_BALANCE_USD,
    liveTrading: e.LIVE_TRADING === 'on',
    retailLeverageCaps: Object.freeze(e.RETAIL_LEVERAGE_CAPS),
    databasePoolMax: e.DATABASE_POOL_MAX,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
  });
}
