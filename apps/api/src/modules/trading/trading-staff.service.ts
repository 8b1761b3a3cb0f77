// The dealing desk's reads (issue 19): open positions across clients with their floating P/L
// and whose they are, and the book's net exposure per instrument (live accounts).
import { formatLots, marginMinor } from '@brokerdesk/shared/trading';
import { AppError, MESSAGES } from '@brokerdesk/shared';
import { isUuid } from '../../lib/ids.js';
import { listAccountsOfClient } from './trading.repo.js';
import {
  clientExists,
  listAllOpenPositions,
  listLiveOpenPositions,
  listMarginCallAccounts,
  listRecentProtections,
  listRecentStopOuts,
} from './trading-book.repo.js';
import type { TradingContext } from './trading-context.js';
import { makeExposureLimits } from './trading-exposure.js';
import { floatingOf, rateOf } from './trading-market.js';
import { listDeals } from './trading-positions.repo.js';
import { dealsNow } from './trading-corrections.repo.js';
import { viewsOfDeals } from './trading-corrections.js';
import type { TradingAccounts } from './trading-accounts.service.js';
import type { MarketView } from './trading-market.js';
import { specOf } from './trading-specs.js';
import { toAccountView, toDealView, toPositionView, toProtectionView } from './trading.view.js';

const STAFF_POSITIONS_LIMIT = 500;
/** The desk is alerted when a client or an instrument reaches this share of its limit. */
export const EXPOSURE_ALERT_PERCENT = 80;

/** The share of a limit in use, in whole percent rounded down; null without a limit or value. */
function usedPercent(valueMinor: number | null, limitMinor: number | null): number | null {
  if (valueMinor === null || limitMinor === null) return null;
  return Math.floor((Math.abs(valueMinor) * 100) / limitMinor);
}
/** How many margin calls, stop-outs and protections the desk lists at most. */
const DESK_RISK_LIMIT = 50;
/** A client's page shows each account's latest deals; the client's own history pages the rest. */
const CLIENT_DEALS_LIMIT = 20;

/**
 * `net` centilots (negative: short) in USD cents at the price that would close them, signed
 * like `net`; null without a price or a conversion rate.
 */
function netNotionalMinor(symbol: string, net: number, view: MarketView): number | null {
  if (net === 0) return 0;
  const spec = specOf(symbol);
  const tick = view.latest(symbol);
  const rate = rateOf(spec, view);
  if (!tick || !rate) return null;
  const value = marginMinor({
    spec,
    volume: Math.abs(net),
    openPrice: net > 0 ? tick.bid : tick.ask,
    rate,
    leverage: 1,
  });
  return net > 0 ? value : -value;
}

export function makeStaffTrading(
  context: TradingContext,
  accounts: Pick<TradingAccounts, 'stateOf'>,
) {
  const { db, hub, market } = context;
  const limits = makeExposureLimits(context);
  async function listPositions() {
    const view = market();
    const rows = await listAllOpenPositions(db, STAFF_POSITIONS_LIMIT);
    return {
      priceSource: hub.source,
      positions: rows.map((row) => ({
        ...toPositionView(row, view, hub.source),
        accountId: row.accountId,
        accountKind: row.accountKind,
        clientId: row.clientId,
        clientName: row.clientName,
        clientEmail: row.clientEmail,
      })),
    };
  }

  /**
   * The live book per instrument: long, short and net lots; the net's notional in USD, valued
   * at the price that would close it (bid for a net long, ask for a net short), signed like the
   * net; and the clients' floating P/L. The platform is every client's counterparty, so the
   * book's own floating P/L is the opposite of the clients'. Null where a price is missing.
   */
  async function exposure() {
    const view = market();
    const bySymbol = new Map<
      string,
      { longVolume: number; shortVolume: number; positions: number; pnlMinor: number | null }
    >();
    const rows = await listLiveOpenPositions(db);
    for (const row of rows) {
      const entry = bySymbol.get(row.symbol) ?? {
        longVolume: 0,
        shortVolume: 0,
        positions: 0,
        pnlMinor: 0,
      };
      if (row.side === 'buy') entry.longVolume += row.volume;
      else entry.shortVolume += row.volume;
      entry.positions += 1;
      const floating = floatingOf(row, view);
      entry.pnlMinor =
        floating === null || entry.pnlMinor === null ? null : entry.pnlMinor + floating.pnlMinor;
      bySymbol.set(row.symbol, entry);
    }
    const instruments = [...bySymbol.entries()].map(([symbol, entry]) => {
      const net = entry.longVolume - entry.shortVolume;
      const netNotional = netNotionalMinor(symbol, net, view);
      const limitUsd = context.instruments.exposureLimitUsd(symbol);
      const limitMinor = limitUsd === null ? null : limitUsd * 100;
      return {
        symbol,
        long: formatLots(entry.longVolume),
        short: formatLots(entry.shortVolume),
        net: (net >= 0 ? '' : '-') + formatLots(Math.abs(net)),
        positions: entry.positions,
        netNotionalMinor: netNotional,
        clientsFloatingPnlMinor: entry.pnlMinor,
        limitMinor,
        limitUsedPercent: usedPercent(netNotional, limitMinor),
      };
    });
    // Each client's gross notional against their limit: those at 80 % or more, fullest first.
    const byClient = new Map<string, typeof rows>();
    for (const row of rows)
      byClient.set(row.clientId, [...(byClient.get(row.clientId) ?? []), row]);
    const clientsNearLimit = [...byClient.entries()]
      .flatMap(([clientId, held]) => {
        const limitMinor = context.controls.exposureLimitMinorFor(clientId);
        const grossMinor = limits.grossMinor(held, view);
        const percent = usedPercent(grossMinor, limitMinor);
        const first = held[0];
        if (percent === null || percent < EXPOSURE_ALERT_PERCENT || !first) return [];
        return [
          {
            clientId,
            clientName: first.clientName,
            clientEmail: first.clientEmail,
            grossNotionalMinor: grossMinor,
            limitMinor: limitMinor ?? 0,
            limitUsedPercent: percent,
          },
        ];
      })
      .sort((a, b) => b.limitUsedPercent - a.limitUsedPercent);
    const pnls = instruments.map((row) => row.clientsFloatingPnlMinor);
    const clientsTotal = pnls.includes(null)
      ? null
      : pnls.reduce<number>((sum, pnl) => sum + (pnl ?? 0), 0);
    return {
      priceSource: hub.source,
      instruments,
      clientsFloatingPnlMinor: clientsTotal,
      bookFloatingPnlMinor: clientsTotal === null ? null : -clientsTotal,
      clientsNearLimit,
    };
  }

  /**
   * What the risk rules are doing: accounts in a margin-call episode with their figures now,
   * and the latest stop-outs and negative balance protections.
   */
  async function risk() {
    const view = market();
    const calls = await listMarginCallAccounts(db, DESK_RISK_LIMIT);
    const marginCalls = await Promise.all(
      calls.map(async ({ account, clientName }) => {
        const { figures } = await accounts.stateOf(db, account, view);
        return {
          accountId: account.id,
          accountKind: account.kind,
          clientId: account.clientId,
          clientName,
          since: account.marginCallSince?.toISOString() ?? null,
          equityMinor: figures.equityMinor,
          usedMarginMinor: figures.usedMarginMinor,
          marginLevel: figures.marginLevel,
        };
      }),
    );
    const recentStopOuts = await listRecentStopOuts(db, DESK_RISK_LIMIT);
    const stopOutsNow = await dealsNow(
      db,
      recentStopOuts.map((deal) => deal.id),
    );
    const stopOuts = recentStopOuts.map((deal) => ({
      ...toDealView(deal, stopOutsNow.get(deal.id)),
      clientId: deal.clientId,
      clientName: deal.clientName,
      accountKind: deal.accountKind,
    }));
    const protections = (await listRecentProtections(db, DESK_RISK_LIMIT)).map((row) => ({
      ...toProtectionView(row),
      accountId: row.accountId,
      clientId: row.clientId,
      clientName: row.clientName,
      accountKind: row.accountKind,
    }));
    return { priceSource: hub.source, marginCalls, stopOuts, protections };
  }

  /**
   * One client's trading for their back-office page: each account (demo and live, archived
   * ones too) with its figures now, its open positions and its latest deals.
   */
  async function clientTrading(clientId: string) {
    if (!isUuid(clientId) || !(await clientExists(db, clientId))) {
      throw new AppError('NOT_FOUND', MESSAGES.money.clientNotFound);
    }
    const view = market();
    const rows = await listAccountsOfClient(db, clientId);
    return {
      priceSource: hub.source,
      accounts: await Promise.all(
        rows.map(async (account) => {
          const { positions, figures } = await accounts.stateOf(db, account, view);
          const deals = await listDeals(db, account.id, {
            before: null,
            limit: CLIENT_DEALS_LIMIT,
          });
          return {
            ...toAccountView(account, figures, hub.source),
            positions: positions.map((position) => toPositionView(position, view, hub.source)),
            deals: await viewsOfDeals(db, deals),
          };
        }),
      ),
    };
  }

  return { listPositions, exposure, risk, clientTrading };
}
