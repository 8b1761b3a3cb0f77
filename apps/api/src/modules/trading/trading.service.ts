// The trading module's service (docs/trading.md): accounts, orders, positions and deals for the
// routes, and the tick evaluator for the leader. Built once from explicit dependencies.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { InstrumentSettings } from '../instrument-settings/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { TradingControls } from '../trading-controls/index.js';
import type { LeverageCaps } from '@brokerdesk/shared/trading';
import type { Clock } from '../../lib/clock.js';
import type { MailService } from '../mail/index.js';
import type { EngineHub, Tick } from './price-hub.js';
import { makeTradingAccounts } from './trading-accounts.service.js';
import { makeDealCorrections } from './trading-corrections.js';
import type { TradingContext } from './trading-context.js';
import { makeTradingEffects } from './trading-effects.js';
import { makeTradingEvaluator } from './trading-evaluator.js';
import { makeTradingOnboarding } from './trading-onboarding.service.js';
import { makeTradingOrders } from './trading-orders.service.js';
import { makeTradingPositions } from './trading-positions.service.js';
import { makeRiskRules } from './trading-risk.js';
import { makeRequestRunner } from './trading-requests.js';
import { makeStaffTrading } from './trading-staff.service.js';
import { makeTradingStatement } from './trading-statement.service.js';
import { makeSwapRollover } from './trading-swaps.js';

export type { AccountRow } from './trading.repo.js';

export interface TradingServiceDeps {
  db: Db;
  hub: EngineHub;
  ledger: LedgerService;
  instrumentSettings: InstrumentSettings;
  tradingControls: Pick<TradingControls, 'modeFor' | 'platformMode' | 'exposureLimitMinorFor'>;
  /**
   * Margin-call and stop-out mail, queued in the transaction that detects them, and trade
   * confirmations in the deal's (decision 137).
   */
  mail: Pick<MailService, 'queueForClient' | 'queueForClients'>;
  log: FastifyBaseLogger;
  readTicksAfter: (db: Db, afterSeq: number, limit: number) => Promise<Tick[]>;
  /** Each symbol's last logged tick at or before a time (the swaps' conversion prices). */
  readLatestTicksAt: (db: Db, symbols: readonly string[], timeMs: number) => Promise<Tick[]>;
  liveTrading: boolean;
  demoBalanceMinor: number;
  quoteStaleSeconds: number;
  /** The app's clock: the live onboarding's times (decision 132). */
  clock: Clock;
  /** A retail client's leverage cap per class (RETAIL_LEVERAGE_CAPS). */
  retailLeverageCaps: LeverageCaps;
}

export function makeTradingService(deps: TradingServiceDeps) {
  const { db, hub, ledger } = deps;
  const instruments = deps.instrumentSettings;
  const effects = makeTradingEffects({
    ledger,
    mail: deps.mail,
    specNow: instruments.spec,
    retailLeverageCaps: deps.retailLeverageCaps,
  });
  const onboarding = makeTradingOnboarding({
    db,
    clock: deps.clock,
    retailLeverageCaps: deps.retailLeverageCaps,
  });
  const staleMs = deps.quoteStaleSeconds * 1000;
  const risk = makeRiskRules({ effects, mail: deps.mail, staleMs });
  const context: TradingContext = {
    db,
    hub,
    ledger,
    effects,
    runner: makeRequestRunner({ db }),
    instruments,
    controls: deps.tradingControls,
    liveTrading: deps.liveTrading,
    staleMs,
    demoBalanceMinor: deps.demoBalanceMinor,
    market: () => ({ latest: (symbol) => hub.latest(symbol), nowMs: hub.now() }),
    afterAccountChange: risk.apply,
  };
  const accounts = makeTradingAccounts(context, onboarding);
  const orders = makeTradingOrders(context);
  const positions = makeTradingPositions(context);
  const evaluator = makeTradingEvaluator({
    context,
    risk,
    readTicksAfter: deps.readTicksAfter,
    swaps: makeSwapRollover({
      db,
      effects,
      risk,
      readLatestTicksAt: deps.readLatestTicksAt,
      marketNow: context.market,
      swapRatesAt: instruments.swapRatesAt,
    }),
    log: deps.log,
  });
  return {
    priceSource: () => hub.source,
    requireAccount: context.runner.requireAccount,
    ...accounts,
    ...orders,
    ...positions,
    ...makeTradingStatement(context),
    staff: makeStaffTrading(context, accounts),
    corrections: makeDealCorrections(context, deps.mail),
    onboarding,
    evaluator,
  };
}

export type TradingService = ReturnType<typeof makeTradingService>;
