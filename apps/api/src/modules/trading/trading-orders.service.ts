// Orders (§11.8): market orders fill at once at the latest logged tick; limit and stop orders
// wait, with SL/TP, trailing, OCO pairs and time in force; modify and cancel. Refusals follow
// §11.11's order exactly, and every change runs in the account's idempotent transaction.
import { randomUUID } from 'node:crypto';
import {
  checkPendingPrice,
  checkStops,
  checkVolume,
  closePrice,
  marginMinor,
  nextRolloverAfter,
  openPrice,
  pnlMinor,
} from '@brokerdesk/shared/trading';
import type { Rational, Side, TradingSpec } from '@brokerdesk/shared/trading';
import type { Db } from '../../db/client.js';
import type { Tick } from './price-hub.js';
import {
  findOrderForUpdate,
  findPendingPartners,
  insertOrder,
  updatePendingOrder,
} from './trading.repo.js';
import { listOpenPositions } from './trading-positions.repo.js';
import type { AccountRow, OrderRow } from './trading.repo.js';
import type { PositionRow } from './trading-positions.repo.js';
import type { TradingContext } from './trading-context.js';
import { figuresOf, tradableQuote } from './trading-market.js';
import type { MarketView } from './trading-market.js';
import {
  assertModeAllows,
  invalid,
  lotsOf,
  parseId,
  pointsOf,
  refusal,
} from './trading-requests.js';
import { makeExposureLimits } from './trading-exposure.js';
import type { StoredAnswer } from './trading-requests.js';
import { toOrderView, toPositionView } from './trading.view.js';

/** One order as the client sends it (validated in shape by the shared schema). */
export interface OrderRequest {
  symbol: string;
  side: Side;
  type: 'market' | 'limit' | 'stop';
  volume: string;
  price?: string | null;
  sl?: string | null;
  tp?: string | null;
  trailingPoints?: number | null;
  timeInForce?: 'GTC' | 'GTD' | 'DAY' | null;
  expiresAt?: string | null;
}

export type PlaceOrderRequest =
  (OrderRequest & { oco?: false }) | { oco: true; orders: OrderRequest[] };

export interface OrderChange {
  price?: string;
  sl?: string | null;
  tp?: string | null;
  trailingPoints?: number | null;
  expiresAt?: string | null;
}

interface ParsedOrder {
  spec: TradingSpec | undefined;
  symbol: string;
  side: Side;
  type: 'market' | 'limit' | 'stop';
  volume: number;
  price: number | null;
  sl: number | null;
  tp: number | null;
  trailingPoints: number | null;
  timeInForce: 'GTC' | 'GTD' | 'DAY' | null;
  expiresAt: Date | null;
}

/**
 * Step 1 (VALIDATION_FAILED): decimals at the instrument's digits, an expiry time. Whether the
 * expiry is still ahead is checked once the key's stored answer is known (`assertExpiryAhead`).
 */
function parseOrder(
  request: OrderRequest,
  nowMs: number,
  spec: TradingSpec | undefined,
): ParsedOrder {
  const digits = spec?.digits ?? 8;
  const pending = request.type !== 'market';
  if (pending && (request.price === undefined || request.price === null)) {
    throw invalid('price', 'A pending order needs a price');
  }
  const timeInForce = pending ? (request.timeInForce ?? 'GTC') : null;
  let expiresAt: Date | null = null;
  if (timeInForce === 'GTD') {
    const ms = request.expiresAt ? Date.parse(request.expiresAt) : NaN;
    if (!Number.isFinite(ms)) throw invalid('expiresAt', 'A GTD order needs an expiry time');
    expiresAt = new Date(ms);
  } else if (timeInForce === 'DAY') {
    expiresAt = new Date(nextRolloverAfter(nowMs));
  }
  return {
    spec,
    symbol: request.symbol,
    side: request.side,
    type: request.type,
    volume: lotsOf(request.volume),
    price: pending ? pointsOf(request.price, digits, 'price') : null,
    sl: pointsOf(request.sl, digits, 'sl'),
    tp: pointsOf(request.tp, digits, 'tp'),
    trailingPoints: request.trailingPoints ?? null,
    timeInForce,
    expiresAt,
  };
}

/**
 * Step 1's one check that depends on the time: inside the request's transaction, after the
 * key's look-up, so a repeat answers what the first call did even once its expiry has passed.
 */
function assertExpiryAhead(order: ParsedOrder, nowMs: number): void {
  if (order.timeInForce === 'GTD' && order.expiresAt && order.expiresAt.getTime() <= nowMs) {
    throw invalid('expiresAt', 'The expiry time must be in the future');
  }
}

export function makeTradingOrders(context: TradingContext) {
  const { runner, effects, hub } = context;
  const exposure = makeExposureLimits(context);
  const now = () => new Date(hub.now());

  /**
   * Step 5: archived demo, live under LIVE_TRADING=off, an instrument the desk switched off, the
   * platform or the client in close only or halted (decision 133).
   */
  function assertTradingAllowed(account: AccountRow, symbol: string): void {
    if (account.status !== 'open') throw refusal('TRADING_DISABLED');
    if (account.kind === 'live' && !context.liveTrading) throw refusal('TRADING_DISABLED');
    if (!context.instruments.tradingEnabled(symbol)) throw refusal('TRADING_DISABLED');
    assertModeAllows(context.controls.modeFor(account.clientId), 'open');
  }

  /**
   * Steps 4–9 for one order; returns the quote and rate it was checked against. A modification
   * that keeps the price checks only what it changes (`changed`): the price a client left alone
   * is not refused for the market having come near it, and stops it did not touch are not
   * checked again; a new price checks every stop against it.
   */
  function checkOrder(
    account: AccountRow,
    order: ParsedOrder,
    market: MarketView,
    changed?: { price: boolean; sl: boolean; tp: boolean; trailingPoints: boolean },
  ): { spec: TradingSpec; tick: Tick; rate: Rational } {
    const spec = order.spec;
    if (!spec) throw refusal('UNKNOWN_INSTRUMENT');
    assertTradingAllowed(account, spec.symbol);
    const quote = tradableQuote(spec, market, context.staleMs);
    if (!quote) throw refusal('MARKET_CLOSED');
    if (!checkVolume(spec, order.volume)) throw refusal('INVALID_VOLUME');
    const stopsLevel = spec.stopsLevelPoints;
    const whole = !changed || changed.price;
    if (order.type !== 'market' && order.price !== null && whole) {
      const priceOk = checkPendingPrice({
        side: order.side,
        type: order.type,
        price: order.price,
        quote: quote.tick,
        stopsLevel,
      });
      if (!priceOk) throw refusal('INVALID_PRICE');
    }
    const reference =
      order.type === 'market' || order.price === null
        ? closePrice(order.side, quote.tick)
        : order.price;
    const stopsOk = checkStops({
      side: order.side,
      reference,
      sl: whole || changed.sl ? order.sl : null,
      tp: whole || changed.tp ? order.tp : null,
      trailingPoints: whole || changed.trailingPoints ? order.trailingPoints : null,
      stopsLevel,
    });
    if (!stopsOk) throw refusal('INVALID_STOPS');
    return { spec, tick: quote.tick, rate: quote.rate };
  }

  /**
   * Step 10 (§11.7): a fill needs free margin after it > 0, counting its margin and its own
   * floating P/L at the fill tick; a pending order needs free margin now − its margin > 0.
   */
  async function assertMargin(
    tx: Db,
    account: AccountRow,
    order: ParsedOrder,
    checked: { spec: TradingSpec; tick: Tick; rate: Rational },
    market: MarketView,
  ): Promise<PositionRow[]> {
    const { spec, tick, rate } = checked;
    const balance = await effects.balanceOf(tx, account);
    const positions = await listOpenPositions(tx, account.id);
    const leverage = effects.leverageFor(spec, account);
    if (order.type === 'market') {
      const price = openPrice(order.side, tick);
      const extra = {
        marginMinor: marginMinor({ spec, volume: order.volume, openPrice: price, rate, leverage }),
        floatingPnlMinor: pnlMinor({
          spec,
          side: order.side,
          volume: order.volume,
          openPrice: price,
          closePrice: closePrice(order.side, tick),
          rate,
        }),
      };
      if (figuresOf(balance, positions, market, [extra]).freeMarginMinor <= 0) {
        throw refusal('INSUFFICIENT_MARGIN');
      }
      return positions;
    }
    const needed = marginMinor({
      spec,
      volume: order.volume,
      openPrice: order.price ?? 0,
      rate,
      leverage,
    });
    if (figuresOf(balance, positions, market).freeMarginMinor - needed <= 0) {
      throw refusal('INSUFFICIENT_MARGIN');
    }
    return positions;
  }

  function newOrderRow(
    account: AccountRow,
    order: ParsedOrder,
    checkedAt: Tick,
    key: string,
    ocoGroupId: string | null,
  ) {
    const at = now();
    return {
      accountId: account.id,
      symbol: order.symbol,
      side: order.side,
      type: order.type,
      volume: order.volume,
      price: order.price,
      sl: order.sl,
      tp: order.tp,
      trailingPoints: order.trailingPoints,
      timeInForce: order.timeInForce,
      expiresAt: order.expiresAt,
      status: 'pending' as const,
      armedSeq: checkedAt.seq,
      ocoGroupId,
      rejectCode: null,
      positionId: null,
      requestKey: key,
      createdAt: at,
      updatedAt: at,
    };
  }

  async function placeOrder({
    clientId,
    accountId,
    key,
    body,
  }: {
    clientId: string;
    accountId: string;
    key: string;
    body: PlaceOrderRequest;
  }): Promise<StoredAnswer> {
    const market = context.market();
    const requests = body.oco === true ? body.orders : [body];
    if (body.oco === true && requests.some((order) => order.type === 'market')) {
      throw invalid('orders', 'An OCO request holds exactly two pending orders of one instrument');
    }
    if (
      body.oco === true &&
      (requests.length !== 2 || requests[0]?.symbol !== requests[1]?.symbol)
    ) {
      throw invalid('orders', 'An OCO request holds exactly two pending orders of one instrument');
    }
    const parsed = requests.map((order) =>
      parseOrder(order, market.nowMs, context.instruments.spec(order.symbol)),
    );
    return runner.run(
      { clientId, accountId, key, what: 'place-order', body },
      async (tx, account) => {
        for (const order of parsed) assertExpiryAhead(order, market.nowMs);
        const checked: ReturnType<typeof checkOrder>[] = [];
        for (const order of parsed) checked.push(checkOrder(account, order, market));
        // The open positions as the margin check read them, under the account's lock.
        let positions: PositionRow[] = [];
        for (const [index, order] of parsed.entries()) {
          const check = checked[index];
          if (check) positions = await assertMargin(tx, account, order, check, market);
        }
        // Decision 135: the client's and the book's exposure limits (live accounts).
        const beyond = await exposure.refusalFor(
          tx,
          account,
          parsed.flatMap((order, index) => {
            const check = checked[index];
            if (!check) return [];
            const price =
              order.type === 'market' ? openPrice(order.side, check.tick) : (order.price ?? 0);
            return [
              { spec: check.spec, side: order.side, volume: order.volume, price, rate: check.rate },
            ];
          }),
          positions,
          market,
        );
        if (beyond) throw refusal('TRADING_DISABLED', beyond);
        const [first, firstCheck] = [parsed[0], checked[0]];
        if (!first || !firstCheck) throw new Error('an order request without orders');
        if (first.type === 'market') {
          const row = await insertOrder(
            tx,
            newOrderRow(account, first, firstCheck.tick, key, null),
          );
          const at = new Date(market.nowMs);
          const price = openPrice(first.side, firstCheck.tick);
          const fill = await effects.fillOrder(tx, {
            account,
            order: row,
            tick: firstCheck.tick,
            price,
            rate: firstCheck.rate,
            at,
          });
          if (!fill) throw new Error('a new market order was not pending');
          await context.afterAccountChange(tx, account.id, market, {
            held: { account, positions: [...positions, fill.position] },
          });
          return {
            status: 201,
            body: {
              orders: [toOrderView(fill.order)],
              position: toPositionView(fill.position, market, hub.source),
            },
          };
        }
        const ocoGroupId = parsed.length > 1 ? randomUUID() : null;
        const rows: OrderRow[] = [];
        for (const [index, order] of parsed.entries()) {
          const check = checked[index];
          if (!check) throw new Error('an order without its check');
          rows.push(
            await insertOrder(tx, newOrderRow(account, order, check.tick, key, ocoGroupId)),
          );
        }
        return { status: 201, body: { orders: rows.map(toOrderView) } };
      },
    );
  }

  async function lockPendingOrder(tx: Db, account: AccountRow, orderId: string): Promise<OrderRow> {
    const id = parseId(orderId);
    const order = id === null ? null : await findOrderForUpdate(tx, account.id, id);
    if (!order) throw refusal('ORDER_NOT_FOUND');
    if (order.status !== 'pending') throw refusal('ALREADY_CLOSED');
    return order;
  }

  async function modifyOrder({
    clientId,
    accountId,
    orderId,
    key,
    body,
  }: {
    clientId: string;
    accountId: string;
    orderId: string;
    key?: string;
    body: OrderChange;
  }): Promise<StoredAnswer> {
    const market = context.market();
    return runner.run(
      { clientId, accountId, key, what: `modify-order:${orderId}`, body },
      async (tx, account) => {
        const order = await lockPendingOrder(tx, account, orderId);
        const spec = context.instruments.spec(order.symbol);
        const digits = spec?.digits ?? 8;
        const has = (field: keyof OrderChange) => Object.hasOwn(body, field);
        let expiresAt = order.expiresAt;
        if (has('expiresAt')) {
          if (order.timeInForce !== 'GTD' || !body.expiresAt) {
            throw invalid('expiresAt', 'Only a GTD order takes an expiry time');
          }
          const ms = Date.parse(body.expiresAt);
          if (!Number.isFinite(ms) || ms <= market.nowMs) {
            throw invalid('expiresAt', 'The expiry time must be in the future');
          }
          expiresAt = new Date(ms);
        }
        const next: ParsedOrder = {
          spec,
          symbol: order.symbol,
          side: order.side,
          type: order.type,
          volume: order.volume,
          price: has('price') ? pointsOf(body.price, digits, 'price') : order.price,
          sl: has('sl') ? pointsOf(body.sl, digits, 'sl') : order.sl,
          tp: has('tp') ? pointsOf(body.tp, digits, 'tp') : order.tp,
          trailingPoints: has('trailingPoints')
            ? (body.trailingPoints ?? null)
            : order.trailingPoints,
          timeInForce: order.timeInForce,
          expiresAt,
        };
        const checked = checkOrder(account, next, market, {
          price: has('price'),
          sl: has('sl'),
          tp: has('tp'),
          trailingPoints: has('trailingPoints'),
        });
        await assertMargin(tx, account, next, checked, market);
        const updated = await updatePendingOrder(tx, order.id, {
          price: next.price,
          sl: next.sl,
          tp: next.tp,
          trailingPoints: next.trailingPoints,
          expiresAt: next.expiresAt,
          armedSeq: checked.tick.seq,
          updatedAt: now(),
        });
        if (!updated) throw refusal('ALREADY_CLOSED');
        return { status: 200, body: toOrderView(updated) };
      },
    );
  }

  /** Always allowed while pending (§11.8), closed market or not; an OCO partner stays, unlinked. */
  async function cancelOrder({
    clientId,
    accountId,
    orderId,
    key,
  }: {
    clientId: string;
    accountId: string;
    orderId: string;
    key?: string;
  }): Promise<StoredAnswer> {
    return runner.run(
      { clientId, accountId, key, what: `cancel-order:${orderId}` },
      async (tx, account) => {
        const order = await lockPendingOrder(tx, account, orderId);
        const updated = await updatePendingOrder(tx, order.id, {
          status: 'cancelled',
          updatedAt: now(),
        });
        if (!updated) throw refusal('ALREADY_CLOSED');
        await unlinkPartners(tx, updated);
        return { status: 200, body: toOrderView(updated) };
      },
    );
  }

  /** A cancel, expiry or rejection leaves the OCO partner active and unlinked (§11.8). */
  async function unlinkPartners(tx: Db, order: OrderRow): Promise<void> {
    if (order.ocoGroupId === null) return;
    for (const partner of await findPendingPartners(tx, order.ocoGroupId, order.id)) {
      await updatePendingOrder(tx, partner.id, { ocoGroupId: null, updatedAt: now() });
    }
  }

  return { placeOrder, modifyOrder, cancelOrder };
}

export type TradingOrders = ReturnType<typeof makeTradingOrders>;
