// Plans held by clients (docs/product.md §10). Subscribing from the portal is atomic: the price is
// debited (refused when the available balance is short), the plan's deposit bonus is credited
// as a second, linked transfer, and the subscription and both statement rows are written in the
// same database transaction. Staff can also create a plan by hand (the seed's form).
import { AppError, MESSAGES, PLANS, percentOf } from '@brokerdesk/shared';
import type { OriginSubscriptionBody, Subscription } from '@brokerdesk/shared';
import type { Db } from '../../db/client.js';
import { inIdempotentTransaction } from '../../db/retry.js';
import type { Clock } from '../../lib/clock.js';
import { recordAudit, staffActorId } from '../audit/index.js';
import type { StaffActor } from '../audit/index.js';
import { clientCashCode, refusedForFundsSaying } from '../ledger/index.js';
import type { LedgerService } from '../ledger/index.js';
import { recordStatementLine } from '../money/index.js';
import {
  clientExists,
  findSubscriptionByIdempotencyKey,
  findSubscriptionsNewestFirst,
  insertSubscription,
  setPurchaseTransaction,
} from './subscriptions.repo.js';
import type { SubscriptionRow } from './subscriptions.repo.js';
import { toSubscription } from './subscriptions.view.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const IDEMPOTENCY_INDEX = 'subscriptions_idempotency_unique';

/** The plan's price on the client's statement, linked both ways with the subscription. */
async function recordPurchase(
  tx: Db,
  {
    subscription,
    transferId,
    actor,
    now,
  }: { subscription: SubscriptionRow; transferId: string; actor: string; now: Date },
) {
  const purchase = await recordStatementLine(tx, {
    clientId: subscription.clientId,
    type: 'subscription',
    direction: 'debit',
    amountMinor: subscription.amountMinor,
    transferId,
    subscriptionId: subscription.id,
    actor,
    at: now,
  });
  await setPurchaseTransaction(tx, subscription.id, purchase.id);
  return purchase;
}

export function makeSubscriptionService({
  db,
  clock,
  ledger,
}: {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
}) {
  const idempotent = <T>(work: (tx: Db) => Promise<T>) =>
    inIdempotentTransaction(db, [IDEMPOTENCY_INDEX], work);

  async function list(clientId: string): Promise<{ items: Subscription[] }> {
    const now = clock.now();
    const rows = await findSubscriptionsNewestFirst(db, clientId);
    return { items: rows.map((row) => toSubscription(row, now)) };
  }

  async function subscribe({
    clientId,
    planId,
    idempotencyKey,
  }: {
    clientId: string;
    planId: string;
    idempotencyKey?: string | undefined;
  }): Promise<Subscription> {
    const plan = PLANS.find((candidate) => candidate.id === planId);
    if (!plan) throw new AppError('NOT_FOUND', MESSAGES.money.planNotFound);
    const actor = `client:${clientId}`;

    return idempotent(async (tx) => {
      if (idempotencyKey) {
        const stored = await findSubscriptionByIdempotencyKey(tx, actor, idempotencyKey);
        if (stored) {
          if (stored.planId !== planId) {
            throw new AppError('CONFLICT', 'This idempotency key was used for another request');
          }
          return toSubscription(stored, clock.now());
        }
      }
      const now = clock.now();
      const cash = clientCashCode(clientId);
      const bonusMinor = percentOf(plan.priceCents, plan.depositBonusBp);
      await ledger.lockAccountsFor(tx, [cash, 'platform:plans', 'platform:bonus']);
      const { transfer: purchaseTransfer } = await refusedForFundsSaying(
        MESSAGES.subscription.insufficientFunds,
        () =>
          ledger.createTransfer({
            tx,
            debit: cash,
            credit: 'platform:plans',
            amountMinor: plan.priceCents,
            kind: 'plan_purchase',
            actor,
          }),
      );
      const purchaseTransferId = purchaseTransfer.id;
      const subscription = await insertSubscription(tx, {
        clientId,
        planId: plan.id,
        planName: plan.name,
        amountMinor: plan.priceCents,
        bonusMinor,
        profitPercentBp: 0,
        durationDays: plan.durationDays,
        startAt: now,
        endAt: new Date(now.getTime() + plan.durationDays * DAY_MS),
        createdBy: actor,
        idempotencyKey: idempotencyKey ?? null,
        createdAt: now,
      });

      const purchase = await recordPurchase(tx, {
        subscription,
        transferId: purchaseTransferId,
        actor,
        now,
      });

      if (bonusMinor > 0) {
        const { transfer } = await ledger.createTransfer({
          tx,
          debit: 'platform:bonus',
          credit: cash,
          amountMinor: bonusMinor,
          kind: 'plan_bonus',
          actor,
          linkedTransferId: purchaseTransferId,
        });
        await recordStatementLine(tx, {
          clientId,
          type: 'plan_bonus',
          direction: 'credit',
          amountMinor: bonusMinor,
          transferId: transfer.id,
          relatedId: purchase.id,
          subscriptionId: subscription.id,
          actor,
          at: now,
        });
      }
      return toSubscription(subscription, now);
    });
  }

  /**
   * `POST /api/subscribe/create` (docs/product.md §7): a plan staff name and price by hand. The amount
   * is debited from the client's available balance (409 if short; 0 for a courtesy plan); no
   * deposit bonus is implied — staff post one separately if they mean one.
   */
  async function createByStaff({
    body,
    staff,
    idempotencyKey,
  }: {
    body: OriginSubscriptionBody;
    staff: StaffActor;
    idempotencyKey?: string | undefined;
  }): Promise<Subscription> {
    const actor = staffActorId(staff);
    const now = clock.now();
    const startAt = body.startDate ?? now;
    const endAt = body.endDate ?? new Date(startAt.getTime() + body.duration * DAY_MS);
    if (endAt < startAt) {
      throw new AppError('VALIDATION_FAILED', 'The end date is before the start date', {
        endDate: ['The end date is before the start date'],
      });
    }
    const statusOverride = body.status.toLowerCase() === 'active' ? null : body.status || null;

    return idempotent(async (tx) => {
      if (idempotencyKey) {
        const stored = await findSubscriptionByIdempotencyKey(tx, actor, idempotencyKey);
        if (stored) {
          if (stored.clientId !== body.userId || stored.amountMinor !== body.amount) {
            throw new AppError('CONFLICT', 'This idempotency key was used for another request');
          }
          return toSubscription(stored, clock.now());
        }
      }
      if (!(await clientExists(tx, body.userId))) {
        throw new AppError('NOT_FOUND', MESSAGES.money.clientNotFound);
      }

      const subscription = await insertSubscription(tx, {
        clientId: body.userId,
        planId: null,
        planName: body.planName,
        amountMinor: body.amount,
        bonusMinor: 0,
        profitPercentBp: Math.round(body.profitPercent * 100),
        durationDays: body.duration,
        statusOverride,
        startAt,
        endAt,
        createdBy: actor,
        idempotencyKey: idempotencyKey ?? null,
        createdAt: now,
      });

      if (body.amount > 0) {
        await ledger.lockAccountsFor(tx, [clientCashCode(body.userId), 'platform:plans']);
        const { transfer } = await refusedForFundsSaying(
          'The plan costs more than the client’s available balance',
          () =>
            ledger.createTransfer({
              tx,
              debit: clientCashCode(body.userId),
              credit: 'platform:plans',
              amountMinor: body.amount,
              kind: 'plan_purchase',
              actor,
            }),
        );
        const transferId = transfer.id;
        await recordPurchase(tx, { subscription, transferId, actor, now });
      }
      await recordAudit(tx, staff, {
        action: 'subscription.create',
        targetType: 'client',
        targetId: body.userId,
        after: {
          subscriptionId: subscription.id,
          planName: subscription.planName,
          amountMinor: subscription.amountMinor,
          startAt: subscription.startAt,
          endAt: subscription.endAt,
        },
      });
      return toSubscription(subscription, now);
    });
  }

  return { list, subscribe, createByStaff };
}

export type SubscriptionService = ReturnType<typeof makeSubscriptionService>;
