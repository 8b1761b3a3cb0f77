// What the trading module's parts share, built once by makeTradingService.
import type { Db } from '../../db/client.js';
import type { InstrumentSettings } from '../instrument-settings/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { TradingControls } from '../trading-controls/index.js';
import type { EngineHub } from './price-hub.js';
import type { MarketView } from './trading-market.js';
import type { TradingEffects } from './trading-effects.js';
import type { RequestRunner } from './trading-requests.js';
import type { AccountRow } from './trading.repo.js';
import type { PositionRow } from './trading-positions.repo.js';

export interface TradingContext {
  db: Db;
  hub: EngineHub;
  ledger: LedgerService;
  runner: RequestRunner;
  effects: TradingEffects;
  /**
   * What the dealing desk sets of each instrument (decision 130): the spec orders are checked
   * and filled at (markup, maximum volume, leverage cap) and whether trading is on.
   */
  instruments: Pick<InstrumentSettings, 'spec' | 'tradingEnabled' | 'exposureLimitUsd'>;
  /** The desk's modes for the platform and each client (decision 133). */
  controls: Pick<TradingControls, 'modeFor' | 'platformMode' | 'exposureLimitMinorFor'>;
  /** LIVE_TRADING=on. */
  liveTrading: boolean;
  /** QUOTE_STALE_SECONDS in ms: an older latest tick makes an instrument not tradable. */
  staleMs: number;
  demoBalanceMinor: number;
  /** The latest quotes and the engine's time now: what a request is checked and valued at. */
  market(): MarketView;
  /**
   * The risk rules (§11.12, trading-risk.ts): run in the transaction of every change to an
   * account (fill, close, transfer) and of every account a tick brings to a rule, at the
   * market of that change.
   */
  afterAccountChange(
    tx: Db,
    accountId: string,
    market: MarketView,
    options?: { held?: { account: AccountRow; positions: PositionRow[] } },
  ): Promise<void>;
}
