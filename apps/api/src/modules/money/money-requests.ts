// The client's deposit and withdrawal requests: opening one (pending until staff resolve it; a
// withdrawal holds its amount and fee at once) and cancelling a pending withdrawal.
import { AppError, MESSAGES, MONEY_RULES, formatCents } from '@brokerdesk/shared';
import {
  belowMinimumWithdrawalMessage,
  withdrawalFeeFor,
} from '@brokerdesk/shared/withdrawal-rules';
import type {
  DepositRequestBody,
  TransactionWithTimeline,
  WithdrawalRequestBody,
} from '@brokerdesk/shared';
import type { IdentityGate } from '../documents/index.js';
import { countLiveDeposits } from './money.repo.js';
import type { MoneyMoves } from './money-moves.js';
import type { MoneyResolution } from './money-resolution.js';
import type { StatementLines } from './statement-lines.js';

export function makeMoneyRequests({
  lines,
  moves,
  resolveRequest,
  identityGate,
  minWithdrawalMinor,
}: {
  lines: StatementLines;
  moves: MoneyMoves;
  resolveRequest: MoneyResolution['resolveRequest'];
  /**
   * What waits for proof of ID and of residence (decision 104): withdrawals, and deposits past
   * DEPOSITS_BEFORE_DOCUMENTS_USD. Client requests only; staff postings are never gated.
   */
  identityGate: Pick<IdentityGate, 'checkDepositRequest' | 'checkWithdrawalRequest'>;
  /** MIN_WITHDRAWAL_USD in cents: client requests only; staff postings are not limited. */
  minWithdrawalMinor: number;
}) {
  async function requestDeposit({
    clientId,
    body,
    idempotencyKey,
  }: {
    clientId: string;
    body: DepositRequestBody;
    idempotencyKey?: string | undefined;
  }): Promise<TransactionWithTimeline> {
    const actor = `client:${clientId}`;
    return lines.idempotent(async (tx) => {
      const replay = await lines.replayCreation(
        tx,
        actor,
        idempotencyKey,
        (row) =>
          row.type === 'deposit' &&
          row.amountMinor === body.amountMinor &&
          row.method === body.method,
      );
      if (replay) return replay;

      const earlier = await countLiveDeposits(tx, clientId);
      if (earlier === 0 && body.amountMinor < MONEY_RULES.minimumFirstDepositCents) {
        throw new AppError('VALIDATION_FAILED', MESSAGES.money.belowMinimumDeposit, {
          amountMinor: [MESSAGES.money.belowMinimumDeposit],
        });
      }
      // "We verify every account before money moves": before documents, only up to the limit.
      await identityGate.checkDepositRequest(tx, { clientId, amountMinor: body.amountMinor });
      // docs/origin.md §5: a large card deposit, or any after the tenth, needs card documents first.
      const needsDocuments =
        (body.method === 'credit-card' &&
          body.amountMinor >= MONEY_RULES.cardDocumentsThresholdCents) ||
        earlier >= MONEY_RULES.depositsBeforeDocuments;

      const request = await lines.createLine(
        tx,
        {
          clientId,
          type: 'deposit',
          direction: 'credit',
          amountMinor: body.amountMinor,
          status: 'pending',
          method: body.method,
          needsDocuments,
          createdBy: actor,
          idempotencyKey: idempotencyKey ?? null,
        },
        { kind: 'requested', actor },
      );
      return lines.withTimeline(tx, request);
    });
  }

  async function requestWithdrawal({
    clientId,
    body,
    idempotencyKey,
  }: {
    clientId: string;
    body: WithdrawalRequestBody;
    idempotencyKey?: string | undefined;
  }): Promise<TransactionWithTimeline> {
    const actor = `client:${clientId}`;
    return lines.idempotent(async (tx) => {
      const replay = await lines.replayCreation(
        tx,
        actor,
        idempotencyKey,
        (row) =>
          row.type === 'withdrawal' &&
          row.amountMinor === body.amountMinor &&
          row.method === body.method &&
          row.destination === body.destination,
      );
      if (replay) return replay;

      if (body.amountMinor < minWithdrawalMinor) {
        const message = belowMinimumWithdrawalMessage(formatCents(minWithdrawalMinor));
        throw new AppError('VALIDATION_FAILED', message, { amountMinor: [message] });
      }
      // Money leaves only for a client whose identity and address staff have checked.
      await identityGate.checkWithdrawalRequest(tx, { clientId });
      // Rounded up to the cent: a small withdrawal never goes free of its fee (issue 17).
      const feeMinor = withdrawalFeeFor(body.method, body.amountMinor);
      const hold = await moves.holdWithdrawal(tx, {
        clientId,
        amountMinor: body.amountMinor,
        feeMinor,
        actor,
      });
      const request = await lines.createLine(
        tx,
        {
          clientId,
          type: 'withdrawal',
          direction: 'debit',
          amountMinor: body.amountMinor,
          feeMinor,
          status: 'pending',
          method: body.method,
          destination: body.destination,
          transferId: hold.transferId,
          feeTransferId: hold.feeTransferId,
          createdBy: actor,
          idempotencyKey: idempotencyKey ?? null,
        },
        { kind: 'requested', actor },
      );
      return lines.withTimeline(tx, request);
    });
  }

  function cancelWithdrawal(options: {
    id: string;
    clientId: string;
    idempotencyKey?: string | undefined;
  }) {
    return resolveRequest({
      id: options.id,
      type: 'withdrawal',
      resolution: 'cancel',
      actor: `client:${options.clientId}`,
      ownerClientId: options.clientId,
      idempotencyKey: options.idempotencyKey,
    });
  }

  return { requestDeposit, requestWithdrawal, cancelWithdrawal };
}
