// Every service of the API, built once from the database, the config and the clock, each with
// the dependencies its factory names. Route plugins receive these, never the database.
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { makeActionLimiter } from '../lib/action-limits.js';
import { prefixAttemptStore } from '../lib/attempt-store.js';
import { makeBackgroundTasks } from '../lib/background-tasks.js';
import type { BackgroundTasks } from '../lib/background-tasks.js';
import type { Clock } from '../lib/clock.js';
import { DEFAULT_PASSWORD_PARAMS, makePasswordHasher } from '../lib/passwords.js';
import type { PasswordParams } from '../lib/passwords.js';
import { STAFF_ACCOUNT_MESSAGES } from '@brokerdesk/shared';
import { makeLoginLockout } from '../lib/login-lockout.js';
import { openSharedAttemptStore } from '../lib/redis-attempt-store.js';
import { makeSecretBox } from '../lib/secret-box.js';
import { makeAccountLinkService } from '../modules/account-links/index.js';
import { makeActivityService } from '../modules/activity/index.js';
import { makeAuditService } from '../modules/audit/index.js';
import { makeClientService, makeStaffClientService } from '../modules/clients/index.js';
import { makeIdentityGate, openDocumentService } from '../modules/documents/index.js';
import { makeHealthService } from '../modules/health/index.js';
import { makeLedgerService } from '../modules/ledger/index.js';
import type { LedgerService } from '../modules/ledger/index.js';
import {
  makeFileTransport,
  makeMailService,
  makeSmtpTransport,
  startMailWorker,
} from '../modules/mail/index.js';
import type { MailService } from '../modules/mail/index.js';
import { makeMarketsService } from '../modules/markets/index.js';
import { makeMoneyQueries, makeMoneyService } from '../modules/money/index.js';
import { makeOverviewService } from '../modules/overview/index.js';
import {
  makePriceHub,
  makePricesService,
  readLatestTicksAt,
  readTicksAfter,
} from '../modules/prices/index.js';
import type { PriceHub } from '../modules/prices/index.js';
import {
  makeReferralCommissions,
  makeReferralService,
  startReferralWorker,
} from '../modules/referrals/index.js';
import type { ReferralCommissions } from '../modules/referrals/index.js';
import { makeReminderService } from '../modules/reminders/index.js';
import { makeSessionService } from '../modules/sessions/index.js';
import {
  makeStaffInvitationService,
  makeStaffMembersService,
  makeStaffService,
} from '../modules/staff/index.js';
import { makeSubscriptionService } from '../modules/subscriptions/index.js';
import {
  makeInstrumentSettings,
  makeInstrumentSettingsDesk,
} from '../modules/instrument-settings/index.js';
import type { InstrumentSettings } from '../modules/instrument-settings/index.js';
import { makeTradingControls, makeTradingControlsDesk } from '../modules/trading-controls/index.js';
import type { TradingControls } from '../modules/trading-controls/index.js';
import { makeTradingService } from '../modules/trading/index.js';
import type { TradingService } from '../modules/trading/index.js';
import { makeStaffSupportService, makeSupportService } from '../modules/support/index.js';
import { loadTotpKeys } from './totp-keys.js';

export interface ServiceContext {
  db: Db;
  config: Config;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Cheaper argon2id parameters keep tests fast; still argon2id. */
  passwordParams?: PasswordParams;
  /** Prefix of every Redis key (default `bd:`). */
  redisKeyPrefix?: string;
  /** Work started by a request and finished after its answer; tests may hold it. */
  tasks?: BackgroundTasks;
  /** Keeps a stop that must run before the database closes (stops run in the order kept). */
  stopBeforeDatabaseCloses: (stop: () => Promise<void>) => void;
}

/** "BrokerDesk <no-reply@…>" → "BrokerDesk"; a bare address → its domain. */
function brandName(mailFrom: string): string {
  const display = /^(.+?)\s*</.exec(mailFrom)?.[1]?.replace(/^"|"$/g, '');
  return display ?? mailFrom.replace(/^.*@/, '').replace(/>$/, '');
}

/** The outbox's worker (SMTP, or files in DATA_DIR/outbox) and the service that queues mail. */
function startMail({
  db,
  config,
  clock,
  log,
  stopBeforeDatabaseCloses,
}: ServiceContext): MailService {
  const transport = config.smtpUrl
    ? makeSmtpTransport(config.smtpUrl)
    : makeFileTransport(join(config.dataDir, 'outbox'));
  const worker = startMailWorker({ db, clock, transport, from: config.mailFrom, log });
  stopBeforeDatabaseCloses(async () => {
    await worker.stop();
    transport.close();
  });
  return makeMailService({
    brand: { companyName: brandName(config.mailFrom), publicUrl: config.publicUrl },
    clock,
    wakeWorker: worker.wake,
  });
}

/** Referral commission (decision 110) and the worker that pays it on its release date. */
function startReferralCommissions({
  db,
  config,
  clock,
  log,
  ledger,
  stopBeforeDatabaseCloses,
}: ServiceContext & { ledger: LedgerService }): ReferralCommissions {
  const commissions = makeReferralCommissions({
    db,
    clock,
    ledger,
    holdDays: config.referralHoldDays,
    capMinor: config.referralCapMinor,
  });
  const worker = startReferralWorker({ releaseDue: commissions.releaseDue, log });
  stopBeforeDatabaseCloses(worker.stop);
  return commissions;
}

/**
 * The trading engine (docs/trading.md) on the price hub; its evaluator runs on the leader and
 * stops before the database closes.
 */
function startTrading({
  db,
  config,
  clock,
  log,
  ledger,
  hub,
  mail,
  instrumentSettings,
  tradingControls,
  stopBeforeDatabaseCloses,
}: ServiceContext & {
  ledger: LedgerService;
  hub: PriceHub;
  mail: MailService;
  instrumentSettings: InstrumentSettings;
  tradingControls: TradingControls;
}): TradingService {
  const trading = makeTradingService({
    db,
    hub,
    instrumentSettings,
    tradingControls,
    ledger,
    mail,
    log,
    readTicksAfter,
    readLatestTicksAt,
    liveTrading: config.liveTrading,
    demoBalanceMinor: config.demoBalanceMinor,
    quoteStaleSeconds: config.quoteStaleSeconds,
    clock,
    retailLeverageCaps: config.retailLeverageCaps,
  });
  const stopEvaluator = trading.evaluator.start();
  stopBeforeDatabaseCloses(async () => {
    stopEvaluator();
    await trading.evaluator.idle();
  });
  return trading;
}

export async function buildServices(context: ServiceContext) {
  const { db, config, clock, log } = context;
  // First, so it stops first: answered requests finish their work before anything closes.
  const tasks = context.tasks ?? makeBackgroundTasks({ log });
  context.stopBeforeDatabaseCloses(tasks.drain);
  // Failure counts (client and staff lock-outs, per-IP limits): Redis when REDIS_URL is set,
  // so several instances count together; this process otherwise (docs/decisions/060).
  const attempts = await openSharedAttemptStore({
    redisUrl: config.redisUrl,
    prefix: context.redisKeyPrefix,
    log,
  });
  context.stopBeforeDatabaseCloses(attempts.close);
  const lockout = makeLoginLockout({ store: attempts.store, clock });
  // Staff sign-in locks per username by the same rule, counted apart (docs/decisions/111).
  const staffLockout = makeLoginLockout({
    store: attempts.store,
    clock,
    namespace: 'staff-lockout',
    message: STAFF_ACCOUNT_MESSAGES.staffLocked,
  });
  const totpSecrets = makeSecretBox(await loadTotpKeys(config, log));
  // The login rule for wrong current passwords on a password change, counted per account.
  const passwordCheckLockout = makeLoginLockout({
    store: prefixAttemptStore(attempts.store, 'current-password:'),
    clock,
  });
  // Per-account and per-address limits on the mail a caller causes (issue 17).
  const limiter = makeActionLimiter({ store: attempts.store, clock });
  // Prices (docs/prices.md): the hub leads or follows; it starts once every listener is wired
  // (below, before the return) and stops before the database closes.
  // What the dealing desk sets of each instrument (decision 130): read by the price source,
  // the public instrument list and the engine, so it is loaded before any of them starts.
  const instrumentSettings = makeInstrumentSettings({ db, log });
  await instrumentSettings.start();
  context.stopBeforeDatabaseCloses(instrumentSettings.stop);
  // The desk's trading controls (decision 133): the engine checks them on every request.
  const tradingControls = makeTradingControls({ db, log });
  await tradingControls.start();
  context.stopBeforeDatabaseCloses(tradingControls.stop);
  const priceHub = makePriceHub({
    db,
    config,
    clock,
    log,
    redis: { prefix: context.redisKeyPrefix },
    markupPoints: instrumentSettings.markupPoints,
    badTickSpreads: instrumentSettings.badTickSpreads,
  });
  context.stopBeforeDatabaseCloses(priceHub.stop);
  // Started by buildApp once the app is ready (the trading evaluator listens by then, and a
  // replay at full speed does not compete with start-up for the embedded database).
  const prices = makePricesService({ db, hub: priceHub, settings: instrumentSettings });
  const passwords = makePasswordHasher(context.passwordParams ?? DEFAULT_PASSWORD_PARAMS);
  const sessions = makeSessionService({ db, clock });
  const mail = startMail(context);
  const ledger = makeLedgerService({ db, clock });
  const accountLinks = makeAccountLinkService({
    db,
    clock,
    passwords,
    sessions,
    mail,
    lockout,
    limiter,
    tasks,
  });
  const clients = makeClientService({
    db,
    clock,
    passwords,
    sessions,
    ledger,
    lockout,
    passwordCheckLockout,
    limiter,
    mail,
    issueVerification: accountLinks.issueVerification,
  });
  const identityGate = makeIdentityGate({
    db,
    depositsBeforeDocumentsMinor: config.depositsBeforeDocumentsMinor,
  });
  const commissions = startReferralCommissions({ ...context, ledger });
  const money = makeMoneyService({
    db,
    clock,
    ledger,
    fourEyesAboveMinor: config.fourEyesAboveMinor,
    minWithdrawalMinor: config.minWithdrawalMinor,
    mail,
    identityGate,
    referrals: commissions.port,
  });
  const staffInvitations = makeStaffInvitationService({
    db,
    clock,
    passwords,
    sessions,
    mail,
    secrets: totpSecrets,
    lockout: staffLockout,
  });
  return {
    attemptStore: attempts.store,
    sessions,
    health: makeHealthService({ db }),
    clients,
    staff: makeStaffService({
      db,
      clock,
      passwords,
      sessions,
      mail,
      staff2fa: config.staff2fa,
      lockout: staffLockout,
      secrets: totpSecrets,
    }),
    staffMembers: makeStaffMembersService({
      db,
      clock,
      sessions,
      issueInvitation: staffInvitations.issueInvitation,
    }),
    staffInvitations,
    accountLinks,
    reminders: makeReminderService({ db, clock, mail, limiter }),
    priceHub,
    prices,
    instrumentSettings: makeInstrumentSettingsDesk({
      db,
      settings: instrumentSettings,
      engineNow: () => priceHub.now(),
    }),
    tradingControls: makeTradingControlsDesk({ db, controls: tradingControls }),
    markets: makeMarketsService({ prices }),
    activity: makeActivityService({
      db,
      clock,
      enabled: config.activityPopup,
      windowHours: config.activityWindowHours,
    }),
    support: makeSupportService({ db }),
    money,
    moneyQueries: makeMoneyQueries({
      db,
      clock,
      ledger,
      minWithdrawalMinor: config.minWithdrawalMinor,
    }),
    subscriptions: makeSubscriptionService({ db, clock, ledger }),
    referrals: makeReferralService({
      db,
      holdDays: config.referralHoldDays,
      capMinor: config.referralCapMinor,
      commissions,
    }),
    staffClients: makeStaffClientService({
      db,
      clock,
      ledger,
      sessions,
      clients,
      resendVerification: accountLinks.resendVerification,
    }),
    staffSupport: makeStaffSupportService({ db, clock, mail }),
    audit: makeAuditService({ db }),
    documents: await openDocumentService({
      db,
      clock,
      dataDir: config.dataDir,
      mail,
      log,
      identityGate,
    }),
    overview: makeOverviewService({ db, clock }),
    trading: startTrading({
      ...context,
      ledger,
      hub: priceHub,
      mail,
      instrumentSettings,
      tradingControls,
    }),
    /** Tests fund wallets through it; routes never receive it. */
    ledger,
  };
}

export type AppServices = Awaited<ReturnType<typeof buildServices>>;
