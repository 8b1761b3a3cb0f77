// An independent model of docs/product.md §11.5–§11.10 (and the arithmetic of §11.12–§11.13): the
// accounts, positions, pending orders and deals an exact engine must hold after each request and
// tick. It imports nothing from the engine or @brokerdesk/shared/trading (decision 123;
// imports.test.ts proves it), so a mistake must be made twice, independently, to go unseen.
import { closeSidePrice, swapCents } from './model-money.js';
import { validateOrder } from './model-checks.js';
import { pendingTriggered, stopsValid } from './model-rules.js';
import { modelSpec, readDecimal } from './model-specs.js';
import { ModelState } from './model-state.js';
import type {
  ModelAccount,
  ModelDeal,
  ModelOrder,
  ModelPosition,
  OrderPatch,
  OrderRequest,
  Outcome,
  PositionPatch,
  RefusalCode,
} from './model-types.js';

export type { ModelOptions } from './model-state.js';

const refuse = <T>(...codes: RefusalCode[]): Outcome<T> => ({ ok: false, codes });
const accept = <T>(value: T): Outcome<T> => ({ ok: true, value });

export class TradingModel extends ModelState {
  // ── Requests ───────────────────────────────────────────────────────────────────────────

  placeOrder(
    accountId: number,
    request: OrderRequest,
  ): Outcome<{ orders: ModelOrder[]; position?: ModelPosition }> {
    const checked = validateOrder(this, accountId, request);
    if (!checked.ok) return checked;
    const { spec, volume } = checked.value;
    const order = this.newOrder(accountId, request, volume);
    if (request.type !== 'market') return accept({ orders: [order] });
    order.status = 'filled';
    const position = this.fill(order, spec, this.quotes.get(spec.symbol)!);
    return accept({ orders: [order], position });
  }

  placeOco(
    accountId: number,
    legs: [OrderRequest, OrderRequest],
  ): Outcome<{ orders: ModelOrder[] }> {
    const results = legs.map((leg) => validateOrder(this, accountId, leg));
    const codes = results.flatMap((r) => (r.ok ? [] : r.codes));
    // A malformed leg fails the body's schema before any business check (§11.11, order 1);
    // two legs failing different business checks may answer either leg's code.
    if (codes.includes('VALIDATION_FAILED')) return refuse('VALIDATION_FAILED');
    if (codes.length > 0) return refuse(...new Set(codes));
    const group = this.nextId.oco++;
    const orders = legs.map((leg, i) => {
      const r = results[i]!;
      return this.newOrder(accountId, leg, r.ok ? r.value.volume : 0);
    });
    orders[0]!.ocoPartner = orders[1]!.id;
    orders[1]!.ocoPartner = orders[0]!.id;
    for (const o of orders) o.ocoGroup = group;
    return accept({ orders });
  }

  modifyOrder(accountId: number, orderId: number, patch: OrderPatch): Outcome<ModelOrder> {
    if (patch.expiresAtMs !== undefined && patch.expiresAtMs <= this.now) {
      return refuse('VALIDATION_FAILED');
    }
    const order = this.orders.get(orderId);
    if (!order || order.accountId !== accountId) return refuse('ORDER_NOT_FOUND');
    if (order.status !== 'pending') return refuse('ALREADY_CLOSED');
    const after = {
      price: patch.price ?? order.price!,
      sl: patch.sl === undefined ? order.sl : patch.sl,
      tp: patch.tp === undefined ? order.tp : patch.tp,
      trailing: patch.trailing === undefined ? order.trailing : patch.trailing,
    };
    // A new price re-checks every stop against it; otherwise only the stops the patch sets.
    const priceMoves = patch.price !== undefined;
    const checked = validateOrder(
      this,
      accountId,
      {
        symbol: order.symbol,
        side: order.side,
        type: order.type,
        volume: '',
        price: after.price,
        sl: priceMoves ? after.sl : (patch.sl ?? null),
        tp: priceMoves ? after.tp : (patch.tp ?? null),
        trailing: priceMoves ? after.trailing : (patch.trailing ?? null),
      },
      { volume: order.volume, checkPrice: priceMoves },
    );
    if (!checked.ok) return checked;
    Object.assign(order, after);
    if (patch.expiresAtMs !== undefined) order.expiresAtMs = patch.expiresAtMs;
    return accept(order);
  }

  cancelOrder(accountId: number, orderId: number): Outcome<ModelOrder> {
    const order = this.orders.get(orderId);
    if (!order || order.accountId !== accountId) return refuse('ORDER_NOT_FOUND');
    if (order.status !== 'pending') return refuse('ALREADY_CLOSED');
    this.endOrder(order, 'cancelled');
    return accept(order);
  }

  modifyPosition(
    accountId: number,
    positionId: number,
    patch: PositionPatch,
  ): Outcome<ModelPosition> {
    const position = this.positions.get(positionId);
    if (!position || position.accountId !== accountId) return refuse('ORDER_NOT_FOUND');
    if (!position.open) return refuse('ALREADY_CLOSED');
    if (!this.tradable(position.symbol)) return refuse('MARKET_CLOSED');
    const spec = modelSpec(position.symbol)!;
    const quote = this.quotes.get(position.symbol)!;
    const given = (value: number | null | undefined): number | null => value ?? null;
    const valid = stopsValid({
      side: position.side,
      reference: closeSidePrice(position.side, quote),
      sl: given(patch.sl),
      tp: given(patch.tp),
      trailing: given(patch.trailing),
      stopsLevel: spec.stopsLevel,
    });
    if (!valid) return refuse('INVALID_STOPS');
    if (patch.sl !== undefined) position.sl = patch.sl;
    if (patch.tp !== undefined) position.tp = patch.tp;
    if (patch.trailing !== undefined) position.trailing = patch.trailing;
    this.applyTrailing(position, quote);
    this.afterChange(accountId);
    return accept(position);
  }

  closePosition(
    accountId: number,
    positionId: number,
    volumeText?: string,
  ): Outcome<{ deal: ModelDeal; position: ModelPosition | null }> {
    const volume = volumeText === undefined ? undefined : readDecimal(volumeText, 2);
    if (volume === null) return refuse('VALIDATION_FAILED');
    const position = this.positions.get(positionId);
    if (!position || position.accountId !== accountId) return refuse('ORDER_NOT_FOUND');
    if (!position.open) return refuse('ALREADY_CLOSED');
    if (!this.tradable(position.symbol)) return refuse('MARKET_CLOSED');
    const spec = modelSpec(position.symbol)!;
    const closing = volume ?? position.volume;
    const rest = position.volume - closing;
    if (
      closing % spec.volumeStep !== 0 ||
      closing < spec.minVolume ||
      rest < 0 ||
      (rest > 0 && rest < spec.minVolume)
    ) {
      return refuse('INVALID_VOLUME');
    }
    const deal = this.close(position, closing, 'client');
    this.afterChange(accountId);
    return accept({ deal, position: position.open ? position : null });
  }

  transfer(accountId: number, direction: 'in' | 'out', amount: number): Outcome<ModelAccount> {
    if (!Number.isSafeInteger(amount) || amount <= 0) return refuse('VALIDATION_FAILED');
    const account = this.account(accountId);
    if (direction === 'in') {
      if (amount > account.wallet) return refuse('INSUFFICIENT_FUNDS');
      account.wallet -= amount;
      account.balance += amount;
      this.afterChange(accountId);
      return accept(account);
    }
    const { freeMargin } = this.figures(accountId);
    const overBalance = amount > account.balance;
    const overFree = amount > freeMargin;
    // §11.11 gives both codes rank 10; when both limits are broken either is a fair answer.
    if (overBalance && overFree) return refuse('INSUFFICIENT_FUNDS', 'INSUFFICIENT_MARGIN');
    if (overBalance) return refuse('INSUFFICIENT_FUNDS');
    if (overFree) return refuse('INSUFFICIENT_MARGIN');
    account.balance -= amount;
    account.wallet += amount;
    return accept(account);
  }

  // ── The clock and ticks (§11.9) ──────────────────────────────────────────────────────

  /** The timer: pending orders whose expiry has come end `expired`. */
  advanceTo(timeMs: number): void {
    this.now = Math.max(this.now, timeMs);
    for (const order of this.orders.values()) {
      if (
        order.status === 'pending' &&
        order.expiresAtMs !== null &&
        order.expiresAtMs <= this.now
      ) {
        this.endOrder(order, 'expired');
      }
    }
  }

  tick(symbol: string, bid: number, ask: number, timeMs: number): void {
    const quote = { bid, ask, timeMs };
    this.quotes.set(symbol, quote);
    this.now = Math.max(this.now, timeMs);
    const spec = modelSpec(symbol)!;
    const touched = new Set<number>();
    const onSymbol = [...this.positions.values()].filter((p) => p.open && p.symbol === symbol);
    for (const position of onSymbol.sort((a, b) => a.id - b.id)) {
      touched.add(position.accountId);
      this.checkStops(position, quote);
    }
    const pending = [...this.orders.values()].filter(
      (o) => o.status === 'pending' && o.symbol === symbol && o.type !== 'market',
    );
    for (const order of pending.sort((a, b) => a.id - b.id)) {
      if (order.status !== 'pending') continue; // cancelled by its partner's fill on this tick
      if (order.expiresAtMs !== null && timeMs >= order.expiresAtMs) continue;
      if (!pendingTriggered(order.side, order.type as 'limit' | 'stop', order.price!, quote))
        continue;
      touched.add(order.accountId);
      if (!this.marginAllowsFill(order, spec, quote)) {
        this.endOrder(order, 'rejected');
        continue;
      }
      order.status = 'filled';
      const partner = order.ocoPartner === null ? undefined : this.orders.get(order.ocoPartner);
      if (partner?.status === 'pending') this.endOrder(partner, 'cancelled');
      const position = this.fill(order, spec, quote);
      this.checkStops(position, quote);
    }
    if (this.riskRules) {
      for (const account of this.accounts.values()) {
        const holds = this.openPositions(account.id).some((p) => this.dependsOn(p.symbol, symbol));
        if (touched.has(account.id) || holds) this.afterChange(account.id);
      }
    }
  }

  /** §11.13 at rollover T: every open position, ×3 on a Wednesday; rounded once each. */
  rollover(timeMs: number): void {
    this.now = Math.max(this.now, timeMs);
    const multiplier = new Date(timeMs).getUTCDay() === 3 ? 3 : 1;
    for (const position of [...this.positions.values()].filter((p) => p.open)) {
      const spec = modelSpec(position.symbol)!;
      const swap = swapCents({
        spec,
        volume: position.volume,
        rateHundredths: position.side === 'buy' ? spec.swapLong : spec.swapShort,
        multiplier,
        rate: this.rateFor(spec)!,
      });
      position.swap += swap;
      this.account(position.accountId).balance += swap;
    }
    if (this.riskRules) for (const account of this.accounts.values()) this.afterChange(account.id);
  }
}
