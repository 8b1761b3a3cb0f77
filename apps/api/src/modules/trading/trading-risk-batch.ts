// The risk rules for many accounts in one transaction (decision 131): the evaluator's step 4
// when a tick brings hundreds of accounts to a rule at once (a gap). The same rules as `apply`
// in trading-risk.ts, in the same order per account (stop-out largest loss first, then the
// margin-call episode on what is left, then negative balance protection), with the same keys
// and conditional updates, so a re-run after a crash doubles nothing; but each step is one
// statement for the whole batch, and the ledger's rows are locked and totalled once.
import {
  compareStopOutPriority,
  formatLots,
  negativeBalanceCreditMinor,
} from '@brokerdesk/shared/trading';
import type { Db } from '../../db/client.js';
import type { MailService } from '../mail/index.js';
import type { AccountRow } from './trading.repo.js';
import type { DealInsert, PositionRow } from './trading-positions.repo.js';
import { tradeConfirmation } from './trading-confirmations.js';
import { closingDeal } from './trading-effects.js';
import type { TradingEffects } from './trading-effects.js';
import { figuresOf, floatingOf, tradableQuote } from './trading-market.js';
import type { MarketView } from './trading-market.js';
import {
  closeOpenPositions,
  countStopOuts,
  endMarginCalls,
  insertDeals,
  insertProtections,
  lockAccountsWithBalances,
  lockOpenPositionsOf,
  setDealTransfers,
  setProtectionTransfers,
  startMarginCalls,
} from './trading-risk-batch.repo.js';
import { groupByAccount, latestDealKey } from './trading-risk.repo.js';
import { specOf } from './trading-specs.js';

/** The open position a stop-out closes next (§11.12), with the tick and rate it closes at. */
export function nextToStopOut(
  positions: readonly PositionRow[],
  market: MarketView,
  staleMs: number,
) {
  const tradable = positions.flatMap((position) => {
    const quote = tradableQuote(specOf(position.symbol), market, staleMs);
    const floating = quote ? floatingOf(position, market) : null;
    return quote && floating
      ? [
          {
            position,
            ...quote,
            id: position.id,
            marginMinor: position.marginMinor,
            floatingPnlMinor: floating.pnlMinor,
          },
        ]
      : [];
  });
  return tradable.sort(compareStopOutPriority)[0] ?? null;
}

export const accountLabel = (account: AccountRow) => (account.kind === 'live' ? 'Live' : 'Demo');

/** What the rules do to one account: pure, from its locked rows and balance. */
function planFor(
  account: AccountRow,
  balanceMinor: number,
  positions: readonly PositionRow[],
  market: MarketView,
  staleMs: number,
) {
  const at = new Date(market.nowMs);
  const closes: DealInsert[] = [];
  let balance = balanceMinor;
  let open = positions;
  while (figuresOf(balance, open, market).stopOut) {
    const next = nextToStopOut(open, market, staleMs);
    if (!next) break; // nothing open may be traded now: the next tick tries again
    open = open.filter((position) => position.id !== next.position.id);
    const deal = closingDeal({
      account,
      position: next.position,
      volume: next.position.volume,
      tick: next.tick,
      rate: next.rate,
      reason: 'stop_out',
      closedBy: 'system',
      at,
    });
    balance += deal.pnlMinor;
    closes.push(deal);
  }
  const figures = figuresOf(balance, open, market);
  const creditMinor = negativeBalanceCreditMinor(balance, open.length);
  return { account, closes, balanceMinor: balance, figures, creditMinor };
}

export function makeRiskBatch({
  effects,
  mail,
  staleMs,
}: {
  effects: Pick<TradingEffects, 'postToBalances'>;
  mail: Pick<MailService, 'queueForClients'>;
  staleMs: number;
}) {
  /**
   * The rules, stop-out included, for every account in `accountIds` at `market`, in the
   * caller's transaction: the accounts locked in id order, then their open positions.
   */
  async function applyMany(tx: Db, accountIds: readonly string[], market: MarketView) {
    const at = new Date(market.nowMs);
    const held = await lockAccountsWithBalances(tx, [...new Set(accountIds)]);
    const positions = await lockOpenPositionsOf(
      tx,
      held.map(({ account }) => account.id),
    );
    const byAccount = groupByAccount(positions);
    const plans = held.map(({ account, liveBalanceMinor }) =>
      planFor(
        account,
        liveBalanceMinor ?? account.balanceMinor,
        byAccount.get(account.id) ?? [],
        market,
        staleMs,
      ),
    );
    const byId = new Map(plans.map((plan) => [plan.account.id, plan]));
    const planned = plans.flatMap((plan) => plan.closes);
    // The positions are locked open, so none has its close deal yet: a skipped insert is a bug.
    const deals = await insertDeals(tx, planned);
    if (deals.length !== planned.length) throw new Error('a stop-out deal existed already');
    const closed = await closeOpenPositions(
      tx,
      deals.map((deal) => deal.positionId),
      at,
    );
    if (closed.length !== deals.length) throw new Error('a position changed while stopped out');

    // A protection answers the deal that left the account flat: its last stop-out close.
    const wanted: Parameters<typeof insertProtections>[1][number][] = [];
    for (const plan of plans.filter((p) => p.creditMinor > 0)) {
      const { id } = plan.account;
      const event = plan.closes.at(-1)?.key ?? (await latestDealKey(tx, id)) ?? `account:${id}`;
      wanted.push({ key: `nbp:${event}`, accountId: id, amountMinor: plan.creditMinor, time: at });
    }
    const protections = await insertProtections(tx, wanted);
    const accountOf = (id: string) => {
      const plan = byId.get(id);
      if (!plan) throw new Error(`account ${id} is not in the batch`);
      return plan.account;
    };
    const transfers = await effects.postToBalances(tx, [
      ...deals.map((deal) => ({
        account: accountOf(deal.accountId),
        amountMinor: deal.pnlMinor,
        platform: 'platform:dealing' as const,
        kind: 'trade_pnl' as const,
        key: deal.key,
      })),
      ...protections.map((protection) => ({
        account: accountOf(protection.accountId),
        amountMinor: protection.amountMinor,
        platform: 'platform:nbp' as const,
        kind: 'nbp' as const,
        key: protection.key,
      })),
    ]);
    // Each live P/L and protection names its own transfer; demo ones have none.
    const transferOf = (key: string, accountId: string): string | null => {
      if (accountOf(accountId).kind === 'demo') return null;
      const id = transfers.get(key);
      if (!id) throw new Error(`no ledger transfer was made for ${key}`);
      return id;
    };
    const pairs = <Row extends { id: number; key: string; accountId: string }>(rows: Row[]) =>
      rows.flatMap((row): [number, string][] => {
        const transferId = transferOf(row.key, row.accountId);
        return transferId === null ? [] : [[row.id, transferId]];
      });
    await setDealTransfers(tx, pairs(deals.filter((deal) => deal.pnlMinor !== 0)));
    await setProtectionTransfers(tx, pairs(protections));

    const stoppedOut = plans.filter((plan) => plan.closes.length > 0);
    await countStopOuts(
      tx,
      stoppedOut.map((plan) => plan.account.id),
    );
    const started = await startMarginCalls(
      tx,
      plans
        .filter((plan) => plan.figures.marginCall && plan.account.marginCallSince === null)
        .map((plan) => plan.account.id),
      at,
    );
    await endMarginCalls(
      tx,
      plans
        .filter((plan) => !plan.figures.marginCall && plan.account.marginCallSince !== null)
        .map((plan) => plan.account.id),
    );
    // Each stop-out deal's confirmation for the clients who want them (decision 137), then the
    // notices: still one read of the recipients and one insert for the whole batch.
    const confirmations = deals.flatMap(
      (deal) => tradeConfirmation(accountOf(deal.accountId), deal) ?? [],
    );
    await mail.queueForClients(tx, [
      ...confirmations,
      ...plans.flatMap((plan) => {
        const { account, figures } = plan;
        const label = accountLabel(account);
        return [
          ...(plan.closes.length === 0
            ? []
            : [
                {
                  clientId: account.clientId,
                  build: mailBuilder((firstName, templates) =>
                    templates.stopOut({
                      firstName,
                      accountLabel: label,
                      closed: plan.closes.map((deal) => ({
                        symbol: deal.symbol,
                        side: deal.side,
                        lots: formatLots(deal.volume),
                        pnlMinor: deal.pnlMinor,
                      })),
                      balanceMinor: plan.balanceMinor,
                      protectedMinor: plan.creditMinor,
                    }),
                  ),
                },
              ]),
          ...(!started.has(account.id)
            ? []
            : [
                {
                  clientId: account.clientId,
                  build: mailBuilder((firstName, templates) =>
                    templates.marginCall({
                      firstName,
                      accountLabel: label,
                      equityMinor: figures.equityMinor,
                      usedMarginMinor: figures.usedMarginMinor,
                      marginLevel: figures.marginLevel ?? '0.00',
                    }),
                  ),
                },
              ]),
        ];
      }),
    ]);
    return { stoppedOut: stoppedOut.length, protections: protections.length };
  }

  return { applyMany };
}

type MailBuild = Parameters<MailService['queueForClients']>[1][number]['build'];
type Templates = Parameters<MailBuild>[1];

function mailBuilder(
  render: (firstName: string, templates: Templates) => NonNullable<ReturnType<MailBuild>>,
): MailBuild {
  return ({ firstName }, templates) => render(firstName, templates);
}

export type RiskBatch = ReturnType<typeof makeRiskBatch>;
