// The model's state and the steps every request and tick share (a fill, a close, the trailing
// stop, §11.12's risk rules). trading-model.ts adds the requests and the tick on top.
import {
  closeSidePrice,
  figures,
  marginCents,
  mid,
  openSidePrice,
  pnlCents,
  usdRate,
  type ModelFigures,
  type ModelQuote,
} from './model-money.js';
import { inWeeklyWindow, nextRollover, slHit, tpHit, trail } from './model-rules.js';
import { modelSpec, type ModelSpec } from './model-specs.js';
import type {
  CloseReason,
  ModelAccount,
  ModelDeal,
  ModelOrder,
  ModelPosition,
  OrderRequest,
} from './model-types.js';
import { div, frac, type Fraction } from './rational.js';

export interface ModelOptions {
  /** QUOTE_STALE_SECONDS in ms (default 60 s). */
  staleMs?: number;
  /** Run §11.12's stop-out and negative balance protection after every change (issue 19). */
  riskRules?: boolean;
}

export class ModelState {
  readonly accounts = new Map<number, ModelAccount>();
  readonly positions = new Map<number, ModelPosition>();
  readonly orders = new Map<number, ModelOrder>();
  readonly deals: ModelDeal[] = [];
  readonly quotes = new Map<string, ModelQuote>();
  now = 0;
  protected nextId = { account: 1, position: 1, order: 1, deal: 1, oco: 1 };
  protected readonly staleMs: number;
  protected readonly riskRules: boolean;

  constructor(options: ModelOptions = {}) {
    this.staleMs = options.staleMs ?? 60_000;
    this.riskRules = options.riskRules ?? false;
  }

  openAccount(kind: 'demo' | 'live', balance: number, wallet = 0): ModelAccount {
    const account: ModelAccount = {
      id: this.nextId.account++,
      kind,
      balance,
      wallet,
      protections: [],
    };
    this.accounts.set(account.id, account);
    return account;
  }

  // ── Reading ────────────────────────────────────────────────────────────────────────────

  /** The exact mid of a symbol's latest tick as a price (points ÷ 10^digits). */
  midOf = (symbol: string): Fraction | undefined => {
    const quote = this.quotes.get(symbol);
    const spec = modelSpec(symbol);
    return quote && spec ? div(mid(quote), frac(10n ** BigInt(spec.digits))) : undefined;
  };

  rateFor(spec: ModelSpec): Fraction | undefined {
    return usdRate(spec.quote, this.midOf);
  }

  /** Open (§11.3) and its latest tick at most the stale limit old (§11.3's "tradable"). */
  tradable(symbol: string): boolean {
    const quote = this.quotes.get(symbol);
    return (
      quote !== undefined && inWeeklyWindow(this.now) && this.now - quote.timeMs <= this.staleMs
    );
  }

  openPositions(accountId: number): ModelPosition[] {
    return [...this.positions.values()].filter((p) => p.open && p.accountId === accountId);
  }

  pendingOrders(accountId: number): ModelOrder[] {
    return [...this.orders.values()].filter(
      (o) => o.status === 'pending' && o.accountId === accountId,
    );
  }

  /** The P/L of closing the whole position now (§11.5's floating P/L). */
  floating(position: ModelPosition): number {
    const spec = modelSpec(position.symbol)!;
    const quote = this.quotes.get(position.symbol)!;
    return pnlCents({
      spec,
      side: position.side,
      volume: position.volume,
      openPrice: position.openPrice,
      closePrice: closeSidePrice(position.side, quote),
      rate: this.rateFor(spec)!,
    });
  }

  figures(accountId: number): ModelFigures {
    const account = this.account(accountId);
    return figures(
      account.balance,
      this.openPositions(accountId).map((p) => ({ margin: p.margin, floating: this.floating(p) })),
    );
  }

  protected account(id: number): ModelAccount {
    const account = this.accounts.get(id);
    if (!account) throw new Error(`trading model: no account ${id}`);
    return account;
  }

  // ── Internals ──────────────────────────────────────────────────────────────────────────

  protected dependsOn(positionSymbol: string, tickSymbol: string): boolean {
    if (positionSymbol === tickSymbol) return true;
    const spec = modelSpec(positionSymbol)!;
    return tickSymbol === `${spec.quote}USD` || tickSymbol === `USD${spec.quote}`;
  }

  protected newOrder(accountId: number, request: OrderRequest, volume: number): ModelOrder {
    const timeInForce = request.type === 'market' ? 'GTC' : (request.timeInForce ?? 'GTC');
    const order: ModelOrder = {
      id: this.nextId.order++,
      accountId,
      symbol: request.symbol,
      side: request.side,
      type: request.type,
      volume,
      price: request.type === 'market' ? null : (request.price ?? null),
      sl: request.sl ?? null,
      tp: request.tp ?? null,
      trailing: request.trailing ?? null,
      timeInForce,
      expiresAtMs:
        request.type === 'market'
          ? null
          : timeInForce === 'GTD'
            ? (request.expiresAtMs ?? null)
            : timeInForce === 'DAY'
              ? nextRollover(this.now)
              : null,
      status: 'pending',
      ocoPartner: null,
      ocoGroup: null,
      createdMs: this.now,
    };
    this.orders.set(order.id, order);
    return order;
  }

  protected endOrder(order: ModelOrder, status: 'cancelled' | 'rejected' | 'expired'): void {
    order.status = status;
    const partner = order.ocoPartner === null ? undefined : this.orders.get(order.ocoPartner);
    order.ocoPartner = null;
    if (partner) partner.ocoPartner = null;
  }

  /** §11.7's check at a fill: free margin after it, with its margin and floating P/L, > 0. */
  marginAllowsFill(
    order: { side: ModelOrder['side']; volume: number; accountId: number },
    spec: ModelSpec,
    quote: { bid: number; ask: number },
  ): boolean {
    const rate = this.rateFor(spec)!;
    const price = openSidePrice(order.side, quote);
    const margin = marginCents({
      spec,
      volume: order.volume,
      price,
      rate,
      leverage: spec.leverage,
    });
    const floating = pnlCents({
      spec,
      side: order.side,
      volume: order.volume,
      openPrice: price,
      closePrice: closeSidePrice(order.side, quote),
      rate,
    });
    return this.figures(order.accountId).freeMargin + floating - margin > 0;
  }

  protected fill(order: ModelOrder, spec: ModelSpec, quote: ModelQuote): ModelPosition {
    const rate = this.rateFor(spec)!;
    const price = openSidePrice(order.side, quote);
    const position: ModelPosition = {
      id: this.nextId.position++,
      accountId: order.accountId,
      symbol: order.symbol,
      side: order.side,
      volume: order.volume,
      openPrice: price,
      openTimeMs: quote.timeMs > this.now ? quote.timeMs : this.now,
      openRate: rate,
      leverage: spec.leverage,
      margin: marginCents({ spec, volume: order.volume, price, rate, leverage: spec.leverage }),
      sl: order.sl,
      tp: order.tp,
      trailing: order.trailing,
      swap: 0,
      open: true,
      orderId: order.id,
    };
    this.positions.set(position.id, position);
    this.recordDeal(position, order.id, 'in', position.volume, price, 0, 'fill');
    if (order.type === 'market') this.applyTrailing(position, quote);
    return position;
  }

  /** SL, then TP, then the trailing stop (§11.9 step 2). */
  protected checkStops(position: ModelPosition, quote: ModelQuote): void {
    if (slHit(position.side, position.sl, quote)) this.close(position, position.volume, 'sl');
    else if (tpHit(position.side, position.tp, quote)) this.close(position, position.volume, 'tp');
    else this.applyTrailing(position, quote);
  }

  protected applyTrailing(position: ModelPosition, quote: { bid: number; ask: number }): void {
    if (position.trailing === null) return;
    const moved = trail(position.side, position.trailing, position.sl, quote);
    if (moved !== null) position.sl = moved;
  }

  protected close(position: ModelPosition, volume: number, reason: CloseReason): ModelDeal {
    const spec = modelSpec(position.symbol)!;
    const quote = this.quotes.get(position.symbol)!;
    const price = closeSidePrice(position.side, quote);
    const pnl = pnlCents({
      spec,
      side: position.side,
      volume,
      openPrice: position.openPrice,
      closePrice: price,
      rate: this.rateFor(spec)!,
    });
    this.account(position.accountId).balance += pnl;
    position.volume -= volume;
    if (position.volume === 0) position.open = false;
    else {
      position.margin = marginCents({
        spec,
        volume: position.volume,
        price: position.openPrice,
        rate: position.openRate,
        leverage: position.leverage,
      });
    }
    return this.recordDeal(position, null, 'out', volume, price, pnl, reason);
  }

  protected recordDeal(
    position: ModelPosition,
    orderId: number | null,
    entry: 'in' | 'out',
    volume: number,
    price: number,
    pnl: number,
    reason: ModelDeal['reason'],
  ): ModelDeal {
    const deal: ModelDeal = {
      id: this.nextId.deal++,
      accountId: position.accountId,
      positionId: position.id,
      orderId,
      entry,
      side: position.side,
      volume,
      price,
      timeMs: this.now,
      pnl,
      reason,
    };
    this.deals.push(deal);
    return deal;
  }

  /** §11.12 after a change (only with `riskRules`): stop-out by largest loss, then NBP. */
  protected afterChange(accountId: number): void {
    if (!this.riskRules) return;
    for (;;) {
      const f = this.figures(accountId);
      if (!(f.usedMargin > 0 && 5 * f.equity <= f.usedMargin)) break;
      const candidates = this.openPositions(accountId)
        .filter((p) => this.tradable(p.symbol))
        .map((p) => ({ p, floating: this.floating(p) }))
        .sort((a, b) => a.floating - b.floating || b.p.margin - a.p.margin || a.p.id - b.p.id);
      const worst = candidates[0];
      if (!worst) break;
      this.close(worst.p, worst.p.volume, 'stop_out');
    }
    const account = this.account(accountId);
    if (this.openPositions(accountId).length === 0 && account.balance < 0) {
      account.protections.push(-account.balance);
      account.balance = 0;
    }
  }
}
