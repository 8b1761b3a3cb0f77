// Drives one run of the property test: each action goes to the real HTTP API (§11.19, through
// app.inject) and to the independent model, and after every step the two must agree to the cent:
// accounts' figures, positions, pending orders, the new deals and every refusal's code.
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { tradingProtections } from '../../db/schema.js';
import type { TestApp } from '../test-app.js';
import {
  accountUrl,
  call,
  fundWallet,
  openAccount,
  readyForLive,
  trader,
} from '../trading-fixtures.js';
import type { Trader } from '../trading-fixtures.js';
import { modelSpec, writeDecimal } from './model-specs.js';
import type { ModelOrder } from './model-types.js';
import { ACCOUNTS, PIP, START_MIDS, quoteAt, type Action } from './property-actions.js';
import { nextRollover, rolloversBetween } from './model-rules.js';
import {
  httpStops,
  involvedAccounts,
  iso,
  lots,
  count,
  expectOutcome,
  orderView,
  pendingBody,
  patchStops,
  pendingPrice,
  pickOrder,
  pickPosition,
  positionView,
  sortById,
  stopPrices,
} from './property-bodies.js';
import { TradingModel } from './trading-model.js';

/** The live client's wallet before the run; the run's transfers move it in and out. */
export const LIVE_WALLET_MINOR = 500_000;
const LIVE_START_MINOR = 200_000;
const DEMO_BALANCE_MINOR = 1_000_000; // DEMO_BALANCE_USD's default

interface EngineDeal {
  id: string;
  positionId: string;
  orderId: string | null;
  entry: 'in' | 'out';
  volume: string;
  price: string;
  pnlMinor: number;
  reason: string;
}

export class PropertyRun {
  readonly model = new TradingModel({ riskRules: true });
  traders: Trader[] = [];
  private engineAccounts: string[] = [];
  modelAccounts: number[] = [];
  private readonly orderIds = new Map<number, string>(); // model → engine
  private readonly positionIds = new Map<number, string>();
  private readonly seenDeals = new Set<string>();
  private readonly seenModelDeals = new Set<number>();
  private readonly protectionsSeen = new Map<number, number>();
  private readonly historySeen = new Map<number, string>();
  private lastPost: {
    account: number;
    url: string;
    body: unknown;
    key: string;
    response: LightMyRequestResponse;
  } | null = null;
  private readonly mids = new Map<string, number>(Object.entries(START_MIDS));
  readonly steps: string[] = [];

  constructor(readonly t: TestApp) {}

  async start(): Promise<void> {
    const now = this.t.hub.now() + 1_000;
    for (const [symbol, mid] of this.mids) await this.pushTick(symbol, mid, now);
    const a = await trader(this.t);
    const b = await trader(this.t);
    const c = await trader(this.t);
    await readyForLive(this.t, c);
    await fundWallet(this.t, c, LIVE_WALLET_MINOR);
    this.traders = [a, b, c];
    const kinds = ['demo', 'demo', 'live'] as const;
    for (const [i, kind] of kinds.entries()) {
      const opened = await openAccount(this.t, this.traders[i]!, kind);
      const balance = kind === 'demo' ? DEMO_BALANCE_MINOR : 0;
      expect(opened.balanceMinor, `${ACCOUNTS[i]} opens with`).toBe(balance);
      this.engineAccounts.push(opened.id);
      this.modelAccounts.push(
        this.model.openAccount(kind, balance, kind === 'live' ? LIVE_WALLET_MINOR : 0).id,
      );
    }
    // The live account starts with part of the wallet, so it trades from the first step.
    const moved = await this.post(2, '/transfers', {
      direction: 'in',
      amountMinor: LIVE_START_MINOR,
    });
    expectOutcome(
      'opening transfer',
      this.model.transfer(this.modelAccount(2), 'in', LIVE_START_MINOR),
      moved,
    );
  }

  async step(action: Action, index: number): Promise<void> {
    this.steps.push(`${index}: ${JSON.stringify(action)}`);
    const involved = involvedAccounts(
      this.model,
      this.modelAccounts,
      action,
      this.lastPost?.account,
    );
    await this.apply(action, `step ${index} ${action.kind}`);
    await this.compare(`after step ${index} (${action.kind})`, involved);
    count('steps');
  }

  // ── Actions ────────────────────────────────────────────────────────────────────────────

  private async apply(action: Action, what: string): Promise<void> {
    switch (action.kind) {
      case 'tick': {
        const pip = PIP[action.symbol]!;
        const spread = modelSpec(action.symbol)!.spread;
        const next = this.mids.get(action.symbol)! + action.pips * pip * action.gap;
        const mid = Math.max(next, 20 * spread);
        return this.pushTick(action.symbol, mid, this.model.now + action.dtMs);
      }
      case 'advance':
        return this.advance(this.model.now + action.dtMs);
      case 'rollover': {
        const next = nextRollover(this.model.now);
        // Friday's rollover closes the week: the run could no longer end flat.
        if (new Date(next).getUTCDay() === 5) return;
        return this.advance(next);
      }
      case 'crash': {
        const position = pickPosition(this.model, this.modelAccount(action.account), action.pick);
        if (!position) return;
        const spread = modelSpec(position.symbol)!.spread;
        const mid = this.mids.get(position.symbol)!;
        const move = Math.round((mid * action.percent) / 100) * (position.side === 'buy' ? -1 : 1);
        const next = Math.max(mid + move, 20 * spread);
        return this.pushTick(position.symbol, next, this.model.now + action.dtMs);
      }
      case 'market':
        return this.placeMarket(action, what);
      case 'pending': {
        const body = pendingBody(this.model, action.symbol, action.volume, action.leg);
        const expected = this.model.placeOrder(this.modelAccount(action.account), body.model);
        const response = await this.post(action.account, '/orders', body.http);
        expectOutcome(what, expected, response);
        if (expected.ok) this.mapOrders(expected.value.orders, response);
        return;
      }
      case 'oco': {
        const legs = action.legs.map((leg, i) =>
          pendingBody(this.model, action.symbol, action.volumes[i]!, leg),
        );
        const expected = this.model.placeOco(this.modelAccount(action.account), [
          legs[0]!.model,
          legs[1]!.model,
        ]);
        const response = await this.post(action.account, '/orders', {
          oco: true,
          orders: legs.map((l) => l.http),
        });
        expectOutcome(what, expected, response);
        if (expected.ok) this.mapOrders(expected.value.orders, response);
        return;
      }
      case 'modifyOrder':
        return this.modifyOrder(action, what);
      case 'cancel': {
        const order = pickOrder(this.model, this.modelAccount(action.account), action.pick);
        if (!order) return;
        const expected = this.model.cancelOrder(order.accountId, order.id);
        const url = accountUrl(
          this.engineAccount(action.account),
          `/orders/${this.orderIds.get(order.id)}`,
        );
        const response = await call(this.t, this.traders[action.account]!, 'DELETE', url);
        return expectOutcome(what, expected, response);
      }
      case 'modifyPosition':
        return this.modifyPosition(action, what);
      case 'close': {
        const position = pickPosition(this.model, this.modelAccount(action.account), action.pick);
        if (!position) return;
        const volume = action.volume ?? undefined;
        const expected = this.model.closePosition(position.accountId, position.id, volume);
        const path = `/positions/${this.positionIds.get(position.id)}/close`;
        const response = await this.post(
          action.account,
          path,
          volume === undefined ? {} : { volume },
        );
        return expectOutcome(what, expected, response);
      }
      case 'repeat':
        return this.repeat(what);
      case 'transfer': {
        const expected = this.model.transfer(
          this.modelAccount(2),
          action.direction,
          action.amountMinor,
        );
        const response = await this.post(2, '/transfers', {
          direction: action.direction,
          amountMinor: action.amountMinor,
        });
        return expectOutcome(what, expected, response);
      }
    }
  }

  private async pushTick(symbol: string, mid: number, timeMs: number): Promise<void> {
    const expiring = [...this.model.orders.values()].some(
      (o) => o.status === 'pending' && o.expiresAtMs !== null && o.expiresAtMs <= timeMs,
    );
    // The timer runs before a tick at or past an expiry or a rollover (swaps are taken at the
    // prices and volumes before the tick).
    const rolloverDue = rolloversBetween(Math.max(this.model.now, this.t.hub.now()), timeMs);
    if (expiring || rolloverDue.length > 0) await this.advance(timeMs);
    const { bid, ask } = quoteAt(symbol, mid);
    const digits = modelSpec(symbol)!.digits;
    this.mids.set(symbol, mid);
    await this.t.prices.push([
      { symbol, bid: writeDecimal(bid, digits), ask: writeDecimal(ask, digits), time: iso(timeMs) },
    ]);
    this.model.tick(symbol, bid, ask, timeMs);
  }

  /** The engine's clock run: expiries, then each rollover's swaps in the model at its time. */
  private async advance(timeMs: number): Promise<void> {
    // From the engine's clock: the model's starts at 0 until the run's first tick.
    const rollovers = rolloversBetween(Math.max(this.model.now, this.t.hub.now()), timeMs);
    await this.t.prices.advanceTo(iso(timeMs));
    for (const rolloverMs of rollovers) {
      this.model.advanceTo(rolloverMs);
      const open = [...this.model.positions.values()].filter((p) => p.open).length;
      count(new Date(rolloverMs).getUTCDay() === 3 ? 'rollover (Wednesday)' : 'rollover');
      for (let i = 0; i < open; i += 1) count('swap');
      this.model.rollover(rolloverMs);
    }
    this.model.advanceTo(timeMs);
  }

  private async placeMarket(
    action: Extract<Action, { kind: 'market' }>,
    what: string,
  ): Promise<void> {
    const spec = modelSpec(action.symbol)!;
    const quote = this.model.quotes.get(action.symbol)!;
    const reference = action.side === 'buy' ? quote.bid : quote.ask;
    const stops = stopPrices(spec, action.side, reference, action.stops);
    const expected = this.model.placeOrder(this.modelAccount(action.account), {
      symbol: action.symbol,
      side: action.side,
      type: 'market',
      volume: action.volume,
      ...stops,
    });
    const response = await this.post(action.account, '/orders', {
      symbol: action.symbol,
      side: action.side,
      type: 'market',
      volume: action.volume,
      ...httpStops(spec, stops),
    });
    expectOutcome(what, expected, response);
    if (!expected.ok) return;
    this.mapOrders(expected.value.orders, response);
    const position = response.json<{ position?: { id: string } }>().position;
    expect(position, `${what}: a filled market order answers its position`).toBeDefined();
    this.positionIds.set(expected.value.position!.id, position!.id);
  }

  private async modifyOrder(
    action: Extract<Action, { kind: 'modifyOrder' }>,
    what: string,
  ): Promise<void> {
    const order = pickOrder(this.model, this.modelAccount(action.account), action.pick);
    if (!order) return;
    const spec = modelSpec(order.symbol)!;
    const quote = this.model.quotes.get(order.symbol)!;
    const price =
      action.price === null
        ? undefined
        : pendingPrice(spec, order.side, order.type as 'limit' | 'stop', quote, action.price);
    const reference = price ?? order.price!;
    const patch = patchStops(spec, order.side, reference, action.stops);
    const expected = this.model.modifyOrder(order.accountId, order.id, {
      ...(price === undefined ? {} : { price }),
      ...patch,
    });
    const body = {
      ...(price === undefined ? {} : { price: writeDecimal(price, spec.digits) }),
      ...httpStops(spec, patch),
    };
    const url = accountUrl(
      this.engineAccount(action.account),
      `/orders/${this.orderIds.get(order.id)}`,
    );
    const response = await call(this.t, this.traders[action.account]!, 'PATCH', url, body);
    expectOutcome(what, expected, response);
  }

  private async modifyPosition(
    action: Extract<Action, { kind: 'modifyPosition' }>,
    what: string,
  ): Promise<void> {
    const position = pickPosition(this.model, this.modelAccount(action.account), action.pick);
    if (!position) return;
    const spec = modelSpec(position.symbol)!;
    const quote = this.model.quotes.get(position.symbol)!;
    const reference = position.side === 'buy' ? quote.bid : quote.ask;
    const patch = patchStops(spec, position.side, reference, action.stops);
    const expected = this.model.modifyPosition(position.accountId, position.id, patch);
    const url = accountUrl(
      this.engineAccount(action.account),
      `/positions/${this.positionIds.get(position.id)}`,
    );
    const response = await call(
      this.t,
      this.traders[action.account]!,
      'PATCH',
      url,
      httpStops(spec, patch),
    );
    expectOutcome(what, expected, response);
  }

  // ── Bodies ─────────────────────────────────────────────────────────────────────────────

  // ── Ids and picks ──────────────────────────────────────────────────────────────────────

  private modelAccount = (index: number) => this.modelAccounts[index]!;
  private engineAccount = (index: number) => this.engineAccounts[index]!;

  private async post(
    account: number,
    path: string,
    body: unknown,
  ): Promise<LightMyRequestResponse> {
    const key = randomUUID();
    const url = accountUrl(this.engineAccount(account), path);
    const response = await call(this.t, this.traders[account]!, 'POST', url, body, key);
    this.lastPost = { account, url, body, key, response };
    return response;
  }

  /** The last POST again with its Idempotency-Key: the same answer, and nothing moves twice. */
  private async repeat(what: string): Promise<void> {
    const last = this.lastPost;
    if (!last) return;
    const again = await call(
      this.t,
      this.traders[last.account]!,
      'POST',
      last.url,
      last.body,
      last.key,
    );
    count(`repeat ${last.response.statusCode}`);
    expect(again.statusCode, `${what}: a replay answers as the first time`).toBe(
      last.response.statusCode,
    );
    if (
      last.response.statusCode < 300 ||
      last.response.json<{ code?: string }>().code !== 'VALIDATION_FAILED'
    ) {
      expect(again.json(), `${what}: a replay's body`).toEqual(last.response.json());
    }
  }

  private mapOrders(orders: readonly ModelOrder[], response: LightMyRequestResponse): void {
    const answered = response.json<{ orders: { id: string }[] }>().orders;
    expect(answered.length).toBe(orders.length);
    orders.forEach((order, i) => this.orderIds.set(order.id, answered[i]!.id));
  }

  // ── Comparison ─────────────────────────────────────────────────────────────────────────

  async compare(when: string, accounts: readonly number[] = [0, 1, 2]): Promise<void> {
    for (const i of accounts) {
      const engineId = this.engineAccount(i);
      const name = `${when}, ${ACCOUNTS[i]}`;
      const modelId = this.modelAccount(i);
      await this.compareDeals(i, name);
      const who = this.traders[i]!;
      const listed = (await call(this.t, who, 'GET', '/api/trading/accounts')).json<
        { id: string }[]
      >();
      const account = listed.find((a) => a.id === engineId);
      const f = this.model.figures(modelId);
      expect(account, `${name}: account`).toMatchObject({
        balanceMinor: f.balance,
        equityMinor: f.equity,
        usedMarginMinor: f.usedMargin,
        freeMarginMinor: f.freeMargin,
        marginLevel: f.marginLevel,
        withdrawableMinor: f.withdrawable,
        marginCall: f.marginCall,
      });
      const positions = (await call(this.t, who, 'GET', accountUrl(engineId, '/positions'))).json<
        { id: string }[]
      >();
      const expectedPositions = this.model
        .openPositions(modelId)
        .map((p) => positionView(this.model, p, this.positionIds.get(p.id)));
      expect(sortById(positions), `${name}: positions`).toMatchObject(sortById(expectedPositions));
      expect(positions.length, `${name}: number of positions`).toBe(expectedPositions.length);
      const orders = (
        await call(this.t, who, 'GET', accountUrl(engineId, '/orders?status=pending'))
      ).json<{ id: string }[]>();
      const expectedOrders = this.model
        .pendingOrders(modelId)
        .map((o) => orderView(o, this.orderIds.get(o.id)));
      expect(sortById(orders), `${name}: pending orders`).toMatchObject(sortById(expectedOrders));
      expect(orders.length, `${name}: number of pending orders`).toBe(expectedOrders.length);
      const protections = await this.t.database.db
        .select({ amountMinor: tradingProtections.amountMinor })
        .from(tradingProtections)
        .where(eq(tradingProtections.accountId, engineId))
        .orderBy(asc(tradingProtections.id));
      const expectedProtections = this.model.accounts.get(modelId)!.protections;
      expect(
        protections.map((p) => p.amountMinor),
        `${name}: negative balance protections`,
      ).toEqual(expectedProtections);
      const seen = this.protectionsSeen.get(i) ?? 0;
      if (protections.length > seen) count('protection', protections.length - seen);
      this.protectionsSeen.set(i, protections.length);
      await this.compareHistory(i, name);
    }
  }

  /** Ended orders (filled, cancelled, rejected, expired), whenever the model's changed. */
  private async compareHistory(index: number, name: string): Promise<void> {
    const ended = [...this.model.orders.values()]
      .filter((o) => o.accountId === this.modelAccount(index) && o.status !== 'pending')
      .map((o) => ({ id: this.orderIds.get(o.id), status: o.status }));
    const signature = JSON.stringify(ended);
    if (this.historySeen.get(index) === signature) return;
    this.historySeen.set(index, signature);
    const url = accountUrl(this.engineAccount(index), '/orders?status=history');
    const history = (await call(this.t, this.traders[index]!, 'GET', url)).json<
      { id: string; status: string }[]
    >();
    const shown = history.map((o) => ({ id: o.id, status: o.status }));
    expect(sortById(shown), `${name}: order history`).toEqual(sortById(ended));
  }

  private async compareDeals(index: number, name: string): Promise<void> {
    const url = accountUrl(this.engineAccount(index), '/deals?limit=200');
    const all = (await call(this.t, this.traders[index]!, 'GET', url)).json<{
      deals: EngineDeal[];
    }>().deals;
    const fresh = all
      .filter((d) => !this.seenDeals.has(d.id))
      .sort((a, b) => Number(a.id) - Number(b.id));
    const expected = this.model.deals.filter(
      (d) => d.accountId === this.modelAccount(index) && !this.seenModelDeals.has(d.id),
    );
    expect(
      fresh.map((d) => `${d.entry} ${d.volume}`),
      `${name}: new deals`,
    ).toEqual(expected.map((d) => `${d.entry} ${lots(d.volume)}`));
    expected.forEach((deal, i) => {
      const got = fresh[i]!;
      const spec = modelSpec(this.model.positions.get(deal.positionId)!.symbol)!;
      expect(got, `${name}: deal ${i + 1} of this step`).toMatchObject({
        price: writeDecimal(deal.price, spec.digits),
        pnlMinor: deal.pnl,
        ...(deal.entry === 'out' ? { reason: deal.reason } : {}),
      });
      if (deal.entry === 'in') {
        expect(got.orderId, `${name}: the fill's order`).toBe(
          this.orderIds.get(deal.orderId!) ?? got.orderId,
        );
        this.positionIds.set(deal.positionId, got.positionId);
      } else {
        expect(got.positionId, `${name}: the closed position`).toBe(
          this.positionIds.get(deal.positionId),
        );
      }
      this.seenDeals.add(got.id);
      this.seenModelDeals.add(deal.id);
      count(`deal ${deal.entry === 'in' ? 'fill' : deal.reason}`);
    });
  }
}
