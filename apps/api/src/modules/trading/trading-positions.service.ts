// Positions (§11.8, §11.10): modify SL/TP/trailing against the current quote, close in full or
// in part at the latest tick (the client, or the dealing desk with a reason), and the account's
// lists (orders, positions, deals).
import {
  checkPartialClose,
  checkStops,
  closePrice,
  formatLots,
  trailedStopLoss,
} from '@brokerdesk/shared/trading';
import type { StaffClosePositionBody } from '@brokerdesk/shared/trading';
import type { Db } from '../../db/client.js';
import { recordAudit, staffActorId } from '../audit/index.js';
import type { StaffActor } from '../audit/index.js';
import { findPositionOwner } from './trading-book.repo.js';
import { listOrders } from './trading.repo.js';
import {
  findPositionForUpdate,
  listDeals,
  listOpenPositions,
  updateOpenPosition,
} from './trading-positions.repo.js';
import type { AccountRow } from './trading.repo.js';
import type { DealRow, PositionRow } from './trading-positions.repo.js';
import type { TradingContext } from './trading-context.js';
import { tradableQuote } from './trading-market.js';
import {
  assertModeAllows,
  invalid,
  lotsOf,
  parseId,
  pointsOf,
  refusal,
} from './trading-requests.js';
import type { StoredAnswer } from './trading-requests.js';
import { listProtections } from './trading-risk.repo.js';
import { toDealView, toOrderView, toPositionView, toProtectionView } from './trading.view.js';
import { viewsOfDeals } from './trading-corrections.js';

export interface PositionChange {
  sl?: string | null;
  tp?: string | null;
  trailingPoints?: number | null;
}

const DEALS_PAGE_MAX = 200;

export function makeTradingPositions(context: TradingContext) {
  const { runner, effects, hub, db } = context;

  async function lockOpenPosition(
    tx: Db,
    account: AccountRow,
    positionId: string,
  ): Promise<PositionRow> {
    const id = parseId(positionId);
    const position = id === null ? null : await findPositionForUpdate(tx, account.id, id);
    if (!position) throw refusal('ORDER_NOT_FOUND');
    if (position.status !== 'open') throw refusal('ALREADY_CLOSED');
    return position;
  }

  async function modifyPosition({
    clientId,
    accountId,
    positionId,
    key,
    body,
  }: {
    clientId: string;
    accountId: string;
    positionId: string;
    key?: string;
    body: PositionChange;
  }): Promise<StoredAnswer> {
    const market = context.market();
    return runner.run(
      { clientId, accountId, key, what: `modify-position:${positionId}`, body },
      async (tx, account) => {
        const position = await lockOpenPosition(tx, account, positionId);
        const spec = context.instruments.spec(position.symbol);
        if (!spec) throw refusal('UNKNOWN_INSTRUMENT');
        const has = (field: keyof PositionChange) => Object.hasOwn(body, field);
        const sl = has('sl') ? pointsOf(body.sl, spec.digits, 'sl') : position.sl;
        const tp = has('tp') ? pointsOf(body.tp, spec.digits, 'tp') : position.tp;
        const trailingPoints = has('trailingPoints')
          ? (body.trailingPoints ?? null)
          : position.trailingPoints;
        if (account.status !== 'open') throw refusal('TRADING_DISABLED');
        if (account.kind === 'live' && !context.liveTrading) throw refusal('TRADING_DISABLED');
        if (!context.instruments.tradingEnabled(spec.symbol)) throw refusal('TRADING_DISABLED');
        assertModeAllows(context.controls.modeFor(account.clientId), 'open');
        const quote = tradableQuote(spec, market, context.staleMs);
        if (!quote) throw refusal('MARKET_CLOSED');
        const valid = checkStops({
          side: position.side,
          reference: closePrice(position.side, quote.tick),
          sl,
          tp,
          trailingPoints,
          stopsLevel: spec.stopsLevelPoints,
        });
        if (!valid) throw refusal('INVALID_STOPS');
        // A trailing stop applies as soon as it is set (§11.8).
        const trailed =
          trailingPoints === null
            ? null
            : trailedStopLoss(position.side, trailingPoints, sl, quote.tick);
        const updated = await updateOpenPosition(tx, position.id, position.version, {
          sl: trailed ?? sl,
          tp,
          trailingPoints,
          stopsArmedSeq: quote.tick.seq,
        });
        if (!updated) throw refusal('ALREADY_CLOSED');
        return { status: 200, body: toPositionView(updated, market, hub.source) };
      },
    );
  }

  /**
   * Closes `volume` lots (all when null) of an open position of `account` at the latest tick,
   * as `closedBy` for `reason`, in the runner's transaction; the answer a repeat gets.
   */
  async function closeUnderLock(
    tx: Db,
    account: AccountRow,
    {
      positionId,
      lots,
      key,
      reason,
      closedBy,
      note,
    }: {
      positionId: string;
      lots: number | null;
      key: string;
      reason: 'client' | 'staff';
      closedBy: string;
      note: string | null;
    },
  ): Promise<StoredAnswer & { deal: DealRow }> {
    const market = context.market();
    const position = await lockOpenPosition(tx, account, positionId);
    const spec = context.instruments.spec(position.symbol);
    if (!spec) throw refusal('UNKNOWN_INSTRUMENT');
    // Closes reduce risk: allowed with trading disabled (§11.8), not on a closed market.
    const quote = tradableQuote(spec, market, context.staleMs);
    if (!quote) throw refusal('MARKET_CLOSED');
    const closing = lots ?? position.volume;
    if (lots !== null && !checkPartialClose(spec, position.volume, lots)) {
      throw refusal('INVALID_VOLUME');
    }
    const closed = await effects.closePosition(tx, {
      account,
      position,
      volume: closing,
      tick: quote.tick,
      rate: quote.rate,
      reason,
      closedBy,
      note,
      key: `partial:${position.id}:${position.version}:${key}`,
      at: new Date(market.nowMs),
    });
    if (!closed) throw refusal('ALREADY_CLOSED');
    await context.afterAccountChange(tx, account.id, market);
    return {
      status: 200,
      deal: closed.deal,
      body: {
        deal: toDealView(closed.deal),
        position: closed.position ? toPositionView(closed.position, market, hub.source) : null,
      },
    };
  }

  async function closePosition({
    clientId,
    accountId,
    positionId,
    key,
    volume,
  }: {
    clientId: string;
    accountId: string;
    positionId: string;
    key: string;
    volume?: string;
  }): Promise<StoredAnswer> {
    const lots = volume === undefined ? null : lotsOf(volume);
    return runner.run(
      { clientId, accountId, key, what: `close-position:${positionId}`, body: { volume } },
      async (tx, account) => {
        // The desk's own close (closeUnderLock from the staff service) works in every mode.
        assertModeAllows(context.controls.modeFor(account.clientId), 'close');
        const { status, body } = await closeUnderLock(tx, account, {
          positionId,
          lots,
          key,
          reason: 'client',
          closedBy: `client:${clientId}`,
          note: null,
        });
        return { status, body };
      },
    );
  }

  /**
   * The dealing desk closes a client's position (issue 19), in full or in part, with a reason
   * the client sees on the deal; audited in the same transaction. Any client's position: its
   * account is found first, then everything runs as the client's own close does, under that
   * account's lock and with the key stored for it.
   */
  async function closeForStaff({
    staff,
    positionId,
    key,
    body,
  }: {
    staff: StaffActor;
    positionId: string;
    key: string;
    body: StaffClosePositionBody;
  }): Promise<StoredAnswer> {
    const id = parseId(positionId);
    const owner = id === null ? null : await findPositionOwner(db, id);
    if (!owner) throw refusal('ORDER_NOT_FOUND');
    const lots = body.volume === undefined ? null : lotsOf(body.volume);
    return runner.run(
      {
        clientId: owner.clientId,
        accountId: owner.accountId,
        key,
        what: `staff-close-position:${positionId}`,
        body,
      },
      async (tx, account) => {
        const {
          status,
          body: answer,
          deal,
        } = await closeUnderLock(tx, account, {
          positionId,
          lots,
          key,
          reason: 'staff',
          closedBy: staffActorId(staff),
          note: body.reason,
        });
        await recordAudit(tx, staff, {
          action: 'trading.position_close',
          targetType: 'client',
          targetId: owner.clientId,
          after: {
            accountId: account.id,
            positionId: String(deal.positionId),
            dealId: String(deal.id),
            symbol: deal.symbol,
            volume: formatLots(deal.volume),
            price: String(deal.price),
            pnlMinor: deal.pnlMinor,
            reason: body.reason,
          },
        });
        return { status, body: answer };
      },
    );
  }

  async function listAccountOrders({
    account,
    status,
  }: {
    account: AccountRow;
    status?: 'pending' | 'history';
  }) {
    return (await listOrders(db, account.id, status ?? 'pending')).map(toOrderView);
  }

  async function listAccountPositions({ account }: { account: AccountRow }) {
    const market = context.market();
    return (await listOpenPositions(db, account.id)).map((position) =>
      toPositionView(position, market, hub.source),
    );
  }

  async function listAccountDeals({
    account,
    cursor,
    limit,
  }: {
    account: AccountRow;
    cursor?: string;
    limit?: number;
  }) {
    const before = cursor === undefined ? null : parseId(cursor);
    if (cursor !== undefined && before === null) {
      throw invalid('cursor', 'Invalid cursor');
    }
    const size = Math.min(Math.max(limit ?? 50, 1), DEALS_PAGE_MAX);
    const rows = await listDeals(db, account.id, { before, limit: size + 1 });
    const page = rows.slice(0, size);
    const last = page.at(-1);
    return {
      deals: await viewsOfDeals(db, page),
      nextCursor: rows.length > size && last ? String(last.id) : null,
    };
  }

  return {
    modifyPosition,
    closePosition,
    closeForStaff,
    listAccountOrders,
    listAccountPositions,
    listAccountDeals,
    /** Negative balance protections, newest first: each is a credit the client sees. */
    listAccountProtections: async ({ account }: { account: AccountRow }) =>
      (await listProtections(db, account.id)).map(toProtectionView),
  };
}

export type TradingPositions = ReturnType<typeof makeTradingPositions>;
