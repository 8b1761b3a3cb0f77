// Trading accounts (§11.5): Demo at once with DEMO_BALANCE_USD and resettable; Live behind a
// verified e-mail, approved documents, the live onboarding (decision 132) and LIVE_TRADING=on, funded only by ledger transfers from
// the wallet (§11.14), each shown on the client's statement as a Transfer.
import { AppError } from '@brokerdesk/shared';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { requireApprovedIdentity } from '../documents/index.js';
import { clientCashCode, clientTradingCode } from '../ledger/index.js';
import { recordStatementLine } from '../money/index.js';
import {
  archiveAccount,
  findOpenAccountOfKind,
  insertAccount,
  listAccountsOfClient,
  lockPendingOrdersOf,
  updatePendingOrder,
} from './trading.repo.js';
import { listOpenPositions, lockOpenPositions } from './trading-positions.repo.js';
import type { AccountRow } from './trading.repo.js';
import type { TradingContext } from './trading-context.js';
import type { TradingOnboarding } from './trading-onboarding.service.js';
import { figuresOf } from './trading-market.js';
import { refusal } from './trading-requests.js';
import type { StoredAnswer } from './trading-requests.js';
import { toAccountView } from './trading.view.js';
import type { AccountView } from './trading.view.js';

const ACCOUNT_KIND_INDEX = 'trading_accounts_client_kind_open_unique';

export function makeTradingAccounts(
  context: TradingContext,
  onboarding: Pick<TradingOnboarding, 'requireLiveReady' | 'categoryOf'>,
) {
  const { db, hub, ledger, effects, runner } = context;
  const now = () => new Date(hub.now());

  /** An account's open positions (none once archived) and its figures at `market`. */
  async function stateOf(handle: Db, account: AccountRow, market = context.market()) {
    const balance = await effects.balanceOf(handle, account);
    const positions = account.status === 'open' ? await listOpenPositions(handle, account.id) : [];
    return { positions, figures: figuresOf(balance, positions, market) };
  }

  async function viewOf(handle: Db, account: AccountRow): Promise<AccountView> {
    return toAccountView(account, (await stateOf(handle, account)).figures, hub.source);
  }

  async function listAccounts({ clientId }: { clientId: string }): Promise<AccountView[]> {
    const accounts = await listAccountsOfClient(db, clientId);
    return Promise.all(accounts.map((account) => viewOf(db, account)));
  }

  async function insertOrExists(tx: Db, row: Parameters<typeof insertAccount>[1]) {
    try {
      const inserted = await insertAccount(tx, row);
      if (!inserted) throw refusal('ACCOUNT_EXISTS');
      return inserted;
    } catch (error) {
      if (isUniqueViolation(error, ACCOUNT_KIND_INDEX)) throw refusal('ACCOUNT_EXISTS');
      throw error;
    }
  }

  async function openAccount({
    clientId,
    emailVerified,
    kind,
  }: {
    clientId: string;
    emailVerified: boolean;
    kind: 'demo' | 'live';
  }): Promise<AccountView> {
    if (await findOpenAccountOfKind(db, clientId, kind)) throw refusal('ACCOUNT_EXISTS');
    if (kind === 'live') {
      if (!emailVerified) throw refusal('EMAIL_NOT_VERIFIED');
      await requireApprovedIdentity(db, clientId, 'live-account');
      await onboarding.requireLiveReady(clientId);
      if (!context.liveTrading) throw refusal('TRADING_DISABLED');
    }
    return db.transaction(async (tx) => {
      const account = await insertOrExists(tx, {
        clientId,
        kind,
        category: await onboarding.categoryOf(tx, clientId),
        balanceMinor: kind === 'demo' ? context.demoBalanceMinor : 0,
        createdAt: now(),
      });
      if (kind === 'live') await ledger.lockAccountsFor(tx, [clientTradingCode(clientId)]);
      return viewOf(tx, account);
    });
  }

  /**
   * Demo only: ends its positions and pending orders with reason reset (no P/L), archives it
   * (history stays readable) and opens a fresh Demo, in one transaction under its lock.
   */
  async function resetDemo({
    clientId,
    accountId,
  }: {
    clientId: string;
    accountId: string;
  }): Promise<StoredAnswer> {
    return runner.run({ clientId, accountId, what: 'reset' }, async (tx, account) => {
      if (account.kind !== 'demo') {
        throw new AppError('BAD_REQUEST', 'Only a demo account can be reset');
      }
      if (account.status !== 'open') throw refusal('TRADING_DISABLED');
      const at = now();
      for (const position of await lockOpenPositions(tx, account.id)) {
        await effects.closePosition(tx, {
          account,
          position,
          volume: position.volume,
          tick: null,
          rate: null,
          reason: 'reset',
          closedBy: `client:${clientId}`,
          at,
        });
      }
      for (const order of await lockPendingOrdersOf(tx, account.id)) {
        await updatePendingOrder(tx, order.id, { status: 'cancelled', updatedAt: at });
      }
      await archiveAccount(tx, account.id, at);
      const fresh = await insertOrExists(tx, {
        clientId,
        kind: 'demo',
        category: account.category,
        balanceMinor: context.demoBalanceMinor,
        createdAt: at,
      });
      return { status: 201, body: await viewOf(tx, fresh) };
    });
  }

  /**
   * Wallet ↔ live account (§11.14). In: the wallet's available balance must cover it (the
   * ledger refuses otherwise). Out: under the account lock, at most the balance
   * (INSUFFICIENT_FUNDS) and the free margin (INSUFFICIENT_MARGIN), i.e. the withdrawable.
   */
  async function transfer({
    clientId,
    accountId,
    key,
    direction,
    amountMinor,
  }: {
    clientId: string;
    accountId: string;
    key: string;
    direction: 'in' | 'out';
    amountMinor: number;
  }): Promise<StoredAnswer> {
    return runner.run(
      { clientId, accountId, key, what: 'transfer', body: { direction, amountMinor } },
      async (tx, account) => {
        if (account.kind !== 'live') {
          throw new AppError('BAD_REQUEST', 'Transfers go to and from a live account only');
        }
        const cash = clientCashCode(clientId);
        const trading = clientTradingCode(clientId);
        if (direction === 'out') {
          const view = await viewOf(tx, account);
          if (amountMinor > view.balanceMinor) throw refusal('INSUFFICIENT_FUNDS');
          if (amountMinor > view.withdrawableMinor) throw refusal('INSUFFICIENT_MARGIN');
        }
        const { transfer: moved } = await ledger.createTransfer({
          tx,
          debit: direction === 'in' ? cash : trading,
          credit: direction === 'in' ? trading : cash,
          amountMinor,
          kind: direction === 'in' ? 'trading_in' : 'trading_out',
          idempotencyKey: `trading:${account.id}:${key}`,
          actor: `client:${clientId}`,
        });
        await recordStatementLine(tx, {
          clientId,
          type: 'transfer',
          direction: direction === 'in' ? 'debit' : 'credit',
          amountMinor,
          transferId: moved.id,
          actor: `client:${clientId}`,
          at: moved.createdAt,
        });
        await context.afterAccountChange(tx, account.id, context.market());
        return {
          status: 201,
          body: {
            transfer: {
              id: moved.id,
              direction,
              amountMinor,
              createdAt: moved.createdAt.toISOString(),
            },
            account: await viewOf(tx, account),
          },
        };
      },
    );
  }

  return { listAccounts, openAccount, resetDemo, transfer, viewOf, stateOf };
}

export type TradingAccounts = ReturnType<typeof makeTradingAccounts>;
