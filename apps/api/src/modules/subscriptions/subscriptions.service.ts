// Plans held by clients (PRODUCT.md §10). Subscribing from the portal is atomic: the price is
// debited (refused when the available balance is short), the plan's deposit bonus is credited
// as a second, linked transfer, and the subscription and both statement rows are written in the
// same database transaction. Staff can also create a plan by hand (the seed's form).
import { AppError, MESSAGES, PLANS, centsToDollars, percentOf } from '@brokerdesk/shared';
import type { DashboardSubscription, OriginSubscriptionBody, Subscription } from '@brokerdesk/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { inIdempotentTransaction } from '../../db/retry.js';
import { clients, subscriptions } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { recordAudit, staffActorId } from '../audit/audit.repo.js';
import type { StaffActor } from '../audit/audit.repo.js';
import { clientCashCode, refusedForFundsSaying } from '../ledger/ledger.service.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import { insertEvent, insertTransaction } from '../money/money.repo.js';

type SubscriptionRow = typeof subscriptions.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;
const LIST_LIMIT = 200;
const IDEMPOTENCY_INDEX = 'subscriptions_idempotency_unique';

/** Active until the end date, then Completed — unless staff gave another status. */
function statusOf(row: SubscriptionRow, now: Date): string {
  return row.statusOverride ?? (now < row.endAt ? 'Active' : 'Completed');
}

export function toSubscription(row: SubscriptionRow, now: Date): Subscription {
  return {
    id: row.id,
    planId: row.planId,
    planName: row.planName,
    amountMinor: row.amountMinor,
    bonusMinor: row.bonusMinor,
    profitPercent: row.profitPercentBp / 100,
    durationDays: row.durationDays,
    status: statusOf(row, now),
    startDate: row.startAt.toISOString(),
    endDate: row.endAt.toISOString(),
  };
}

/** The seed's `userInfo.subscriptions` entry (dollars). */
export function toDashboardSubscription(row: SubscriptionRow, now: Date): DashboardSubscription {
  return {
    _id: row.id,
    planName: row.planName,
    amount: centsToDollars(row.amountMinor),
    profitPercent: row.profitPercentBp / 100,
    duration: row.durationDays,
    status: statusOf(row, now),
    startDate: row.startAt.toISOString(),
    endDate: row.endAt.toISOString(),
  };
}

const subscriptionsNewestFirst = preparedQuery((db) =>
  db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.clientId, sql.placeholder('clientId')))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(sql.placeholder('limit'))
    .prepare('subscriptions_newest_first'),
);

/** The client's plans, newest first (every dashboard reads them, hence prepared). */
export async function findSubscriptionsNewestFirst(
  db: Db,
  clientId: string,
  limit = LIST_LIMIT,
): Promise<SubscriptionRow[]> {
  return subscriptionsNewestFirst(db, { clientId, limit });
}

async function findByIdempotencyKey(db: Db, createdBy: string, key: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.createdBy, createdBy), eq(subscriptions.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
}

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
  const purchase = await insertTransaction(tx, {
    clientId: subscription.clientId,
    type: 'subscription',
    direction: 'debit',
    amountMinor: subscription.amountMinor,
    status: 'completed',
    transferId,
    subscriptionId: subscription.id,
    createdBy: actor,
    createdAt: now,
    updatedAt: now,
  });
  await insertEvent(tx, { transactionId: purchase.id, kind: 'recorded', actor, createdAt: now });
  await tx
    .update(subscriptions)
    .set({ purchaseTransactionId: purchase.id })
    .where(eq(subscriptions.id, subscription.id));
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
        const stored = await findByIdempotencyKey(tx, actor, idempotencyKey);
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
      const [subscription] = await tx
        .insert(subscriptions)
        .values({
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
        })
        .returning();
      if (!subscription) throw new Error('insert into subscriptions returned no row');

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
        const bonus = await insertTransaction(tx, {
          clientId,
          type: 'plan_bonus',
          direction: 'credit',
          amountMinor: bonusMinor,
          status: 'completed',
          transferId: transfer.id,
          relatedId: purchase.id,
          subscriptionId: subscription.id,
          createdBy: actor,
          createdAt: now,
          updatedAt: now,
        });
        await insertEvent(tx, { transactionId: bonus.id, kind: 'recorded', actor, createdAt: now });
      }
      return toSubscription(subscription, now);
    });
  }

  /**
   * `POST /api/subscribe/create` (PRODUCT.md §7): a plan staff name and price by hand. The amount
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
        const stored = await findByIdempotencyKey(tx, actor, idempotencyKey);
        if (stored) {
          if (stored.clientId !== body.userId || stored.amountMinor !== body.amount) {
            throw new AppError('CONFLICT', 'This idempotency key was used for another request');
          }
          return toSubscription(stored, clock.now());
        }
      }
      const [client] = await tx
        .select({ id: clients.id })
        .from(clients)
        .where(eq(clients.id, body.userId))
        .limit(1);
      if (!client) throw new AppError('NOT_FOUND', MESSAGES.money.clientNotFound);

      const [subscription] = await tx
        .insert(subscriptions)
        .values({
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
        })
        .returning();
      if (!subscription) throw new Error('insert into subscriptions returned no row');

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
