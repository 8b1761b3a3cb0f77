// The effects every path shares — a fill opening a position, a close (full or part) realising
// P/L — run inside the caller's transaction, which already holds the trading account's lock.
// Each is keyed (§11.15): a deal's key is UNIQUE and its ledger transfer carries the same key, so
// re-processing a tick or replaying a request doubles nothing; the same holds for the deal's
// trade confirmation, queued after the deal's insert for a client who wants it (decision 137).
import {
  clientLeverage,
  closePrice,
  marginMinor,
  pnlMinor,
  trailedStopLoss,
} from '@brokerdesk/shared/trading';
import type { LeverageCaps, Rational, TradingSpec } from '@brokerdesk/shared/trading';
import type { Db } from '../../db/client.js';
import type { TradingDealReason } from '../../db/schema.js';
import { clientTradingCode } from '../ledger/index.js';
import type { LedgerAccountCode, LedgerService } from '../ledger/index.js';
import type { MailService } from '../mail/index.js';

type LedgerTransferKind = Parameters<LedgerService['createTransfer']>[0]['kind'];
import type { Tick } from './price-hub.js';
import { addToDemoBalance, markOrderFilled } from './trading.repo.js';
import { addToDemoBalances } from './trading-risk-batch.repo.js';
import {
  insertDeal,
  insertPosition,
  setDealTransfer,
  updateOpenPosition,
} from './trading-positions.repo.js';
import type { AccountRow, OrderRow } from './trading.repo.js';
import type { DealInsert, DealRow, PositionRow } from './trading-positions.repo.js';
import { tradeConfirmation } from './trading-confirmations.js';
import { marginOfPosition } from './trading-market.js';
import { specOf } from './trading-specs.js';

/** Who the ledger records for the engine's own postings (§11.14). */
export const TRADING_ACTOR = 'system:trading';

export interface CloseArgs {
  account: AccountRow;
  position: PositionRow;
  volume: number;
  tick: Tick | null;
  rate: Rational | null;
  reason: TradingDealReason;
  closedBy: string;
  /** Why staff closed it (reason 'staff'), shown to the client. */
  note?: string | null;
  key?: string;
  trailing?: boolean;
  at: Date;
}

/**
 * The deal closing `volume` of a position at the tick's close-side price with P/L at `rate`
 * (§11.10): all of it (key close:<id>) or part (the caller's key, with the position's version).
 * Pure: closePosition and the risk rules' batch (trading-risk-batch.ts) write what it gives.
 */
export function closingDeal(args: CloseArgs): DealInsert {
  const { account, position, volume, tick, rate, at } = args;
  const spec = specOf(position.symbol);
  const full = volume === position.volume;
  // A reset ends positions without a price or P/L (§11.5).
  const price = tick ? closePrice(position.side, tick) : position.openPrice;
  const pnl =
    tick && rate
      ? pnlMinor({
          spec,
          side: position.side,
          volume,
          openPrice: position.openPrice,
          closePrice: price,
          rate,
        })
      : 0;
  const key = full
    ? `close:${position.id}`
    : (args.key ?? `partial:${position.id}:${position.version}`);
  return {
    key,
    accountId: account.id,
    positionId: position.id,
    orderId: null,
    symbol: position.symbol,
    side: position.side,
    entry: 'out',
    volume,
    price,
    tickSeq: tick?.seq ?? null,
    time: at,
    pnlMinor: pnl,
    reason: args.reason,
    swapMinor: 0,
    closedBy: args.closedBy,
    note: args.note ?? null,
    trailing: args.trailing ?? false,
    transferId: null,
    rateNum: tick && rate ? rate.num.toString() : null,
    rateDen: tick && rate ? rate.den.toString() : null,
  };
}

export function makeTradingEffects({
  ledger,
  mail,
  specNow,
  retailLeverageCaps,
}: {
  ledger: LedgerService;
  /** Trade confirmations, queued in the deal's transaction. */
  mail: Pick<MailService, 'queueForClient'>;
  /** A retail client's cap per class (decision 132): a fill opens at min(spec's, cap). */
  retailLeverageCaps: LeverageCaps;
  /** The instrument's spec with the desk's settings now (leverage cap): what a fill opens at. */
  specNow: (symbol: string) => TradingSpec | undefined;
}) {
  /** The leverage a new position of `account` opens at: min(catalogue, desk's cap, category's). */
  function leverageFor(spec: TradingSpec, account: Pick<AccountRow, 'category'>): number {
    return clientLeverage(spec, account.category, retailLeverageCaps);
  }

  /** §11.5: demo, the stored balance; live, the ledger account's posted balance. */
  async function balanceOf(tx: Db, account: AccountRow): Promise<number> {
    if (account.kind === 'demo') return account.balanceMinor;
    return (await ledger.getTradingAccountTotals(tx, account.clientId)).balanceMinor;
  }

  /**
   * Moves a signed, non-zero amount into the account's balance: demo, the stored balance; live,
   * a ledger transfer keyed `key` with `platform` (a credit comes from it, a charge goes to it).
   * Returns the transfer's id, or null for a demo account. P/L, swaps and protections all post
   * so.
   */
  async function postToBalance(
    tx: Db,
    account: AccountRow,
    posting: {
      amountMinor: number;
      platform: LedgerAccountCode;
      kind: LedgerTransferKind;
      key: string;
    },
  ): Promise<string | null> {
    if (account.kind === 'demo') {
      await addToDemoBalance(tx, account.id, posting.amountMinor);
      return null;
    }
    const trading = clientTradingCode(account.clientId);
    const credit = posting.amountMinor > 0;
    const { transfer } = await ledger.createTransfer({
      tx,
      debit: credit ? posting.platform : trading,
      credit: credit ? trading : posting.platform,
      amountMinor: Math.abs(posting.amountMinor),
      kind: posting.kind,
      idempotencyKey: posting.key,
      actor: TRADING_ACTOR,
    });
    return transfer.id;
  }

  /**
   * postToBalance for many accounts in two statements at most (the risk rules' batch): demo
   * amounts summed per account into the stored balances, live ones each its own keyed transfer,
   * posted together (decision 131). Returns key → transfer id of the live transfers made.
   */
  async function postToBalances(
    tx: Db,
    postings: readonly (Parameters<typeof postToBalance>[2] & { account: AccountRow })[],
  ): Promise<Map<string, string>> {
    const demo = new Map<string, number>();
    for (const { account, amountMinor } of postings) {
      if (account.kind === 'demo') demo.set(account.id, (demo.get(account.id) ?? 0) + amountMinor);
    }
    await addToDemoBalances(tx, [...demo]);
    const live = postings.filter(({ account, amountMinor }) => {
      return account.kind === 'live' && amountMinor !== 0;
    });
    return ledger.createSystemTransfers(
      tx,
      TRADING_ACTOR,
      live.map(({ account, amountMinor, platform, kind, key }) => {
        const trading = clientTradingCode(account.clientId);
        return {
          debit: amountMinor > 0 ? platform : trading,
          credit: amountMinor > 0 ? trading : platform,
          amountMinor: Math.abs(amountMinor),
          kind,
          idempotencyKey: key,
        };
      }),
    );
  }

  /** Queues the deal's confirmation if its client wants one; call only for a deal just inserted. */
  async function confirm(tx: Db, account: AccountRow, deal: DealRow): Promise<void> {
    const confirmation = tradeConfirmation(account, deal);
    if (confirmation) await mail.queueForClient(tx, confirmation.clientId, confirmation.build);
  }

  /** Books a deal's P/L: demo to the stored balance, live through the ledger (trade_pnl). */
  async function realise(tx: Db, account: AccountRow, deal: DealRow): Promise<void> {
    if (deal.pnlMinor === 0) return;
    const transferId = await postToBalance(tx, account, {
      amountMinor: deal.pnlMinor,
      platform: 'platform:dealing',
      kind: 'trade_pnl',
      key: deal.key,
    });
    if (transferId !== null) await setDealTransfer(tx, deal.id, transferId);
  }

  /**
   * Fills an order at the tick (buy at ask, sell at bid; the caller computed the fill price and
   * checked margin): the order becomes filled and a new position opens with the order's stops,
   * its trail applied at once. Null when the order was no longer pending (a racer filled it).
   */
  async function fillOrder(
    tx: Db,
    {
      account,
      order,
      tick,
      price,
      rate,
      at,
    }: {
      account: AccountRow;
      order: OrderRow;
      tick: Tick;
      price: number;
      rate: Rational;
      at: Date;
    },
  ): Promise<{ order: OrderRow; position: PositionRow; deal: DealRow } | null> {
    const spec = specNow(order.symbol) ?? specOf(order.symbol);
    const leverage = leverageFor(spec, account);
    let sl = order.sl;
    if (order.trailingPoints !== null) {
      sl = trailedStopLoss(order.side, order.trailingPoints, sl, tick) ?? sl;
    }
    const position = await insertPosition(tx, {
      accountId: account.id,
      orderId: order.id,
      symbol: order.symbol,
      side: order.side,
      volume: order.volume,
      openPrice: price,
      openTime: at,
      openTickSeq: tick.seq,
      sl,
      tp: order.tp,
      trailingPoints: order.trailingPoints,
      stopsArmedSeq: tick.seq,
      marginMinor: marginMinor({ spec, volume: order.volume, openPrice: price, rate, leverage }),
      leverage,
      openRateNum: rate.num.toString(),
      openRateDen: rate.den.toString(),
      swapMinor: 0,
      status: 'open',
      closedAt: null,
      version: 0,
    });
    const filled = await markOrderFilled(tx, order.id, position.id, at);
    if (!filled) throw new Error(`order ${order.id} was not pending when filled`);
    const deal = await insertDeal(tx, {
      key: `fill:${order.id}`,
      accountId: account.id,
      positionId: position.id,
      orderId: order.id,
      symbol: order.symbol,
      side: order.side,
      entry: 'in',
      volume: order.volume,
      price,
      tickSeq: tick.seq,
      time: at,
      pnlMinor: 0,
      swapMinor: 0,
      reason: 'client',
      closedBy: null,
      note: null,
      trailing: false,
      transferId: null,
      rateNum: null,
      rateDen: null,
    });
    if (!deal) throw new Error(`order ${order.id} already has a fill deal`);
    await confirm(tx, account, deal);
    return { order: filled, position, deal };
  }

  /**
   * Closes `volume` of a position (closingDeal) and books its P/L. The remainder keeps id, open price and stops; its margin is recomputed from the same inputs.
   * Null when the key was already used (nothing happens twice).
   */
  async function closePosition(
    tx: Db,
    args: CloseArgs,
  ): Promise<{ deal: DealRow; position: PositionRow | null } | null> {
    const { account, position, volume, at } = args;
    const full = volume === position.volume;
    const deal = await insertDeal(tx, closingDeal(args));
    if (!deal) return null;
    const updated = await updateOpenPosition(
      tx,
      position.id,
      position.version,
      full
        ? { status: 'closed', closedAt: at }
        : {
            volume: position.volume - volume,
            marginMinor: marginOfPosition(position, position.volume - volume),
          },
    );
    if (!updated) throw new Error(`position ${position.id} changed while closing`);
    await realise(tx, account, deal);
    await confirm(tx, account, deal);
    return { deal, position: full ? null : updated };
  }

  return { balanceOf, postToBalance, postToBalances, fillOrder, closePosition, leverageFor };
}

export type TradingEffects = ReturnType<typeof makeTradingEffects>;
