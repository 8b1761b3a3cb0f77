// What waits for a client's proof of ID and of residence (decision 104; docs/documents-api.md):
// a withdrawal request, and a Live trading account once trading exists (docs/product.md §11.5),
// need both approved; deposit requests before then are allowed up to a total the operator sets
// (DEPOSITS_BEFORE_DOCUMENTS_USD). Staff postings are never gated (docs/product.md §7). Other
// modules reach this through the documents module's index.ts.
import {
  AppError,
  REQUIRED_DOCUMENT_KINDS,
  depositLimitMessage,
  documentsRequiredMessage,
} from '@brokerdesk/shared';
import type { IdentityGatedAction, MissingDocument, VerificationLimits } from '@brokerdesk/shared';
import type { Db } from '../../db/client.js';
import {
  findRequiredDocumentStatuses,
  lockClientForDepositLimit,
  sumCountedDeposits,
} from './documents.repo.js';

/** Proof of ID and of residence that are not approved yet, and why; empty once verified. */
export async function findMissingIdentityDocuments(
  db: Db,
  clientId: string,
): Promise<MissingDocument[]> {
  const statuses = await findRequiredDocumentStatuses(db, clientId, REQUIRED_DOCUMENT_KINDS);
  return REQUIRED_DOCUMENT_KINDS.flatMap((kind): MissingDocument[] => {
    const status = statuses.find((row) => row.kind === kind)?.status;
    if (status === 'approved') return [];
    return [{ kind, state: status ?? 'not-uploaded' }];
  });
}

/**
 * Throws 403 DOCUMENTS_REQUIRED, naming what is missing, unless the client's proof of ID and of
 * residence are both approved. For client actions only: staff actions never call it.
 */
export async function requireApprovedIdentity(
  db: Db,
  clientId: string,
  action: IdentityGatedAction,
): Promise<void> {
  const missing = await findMissingIdentityDocuments(db, clientId);
  if (missing.length > 0) {
    throw new AppError('DOCUMENTS_REQUIRED', documentsRequiredMessage(action, missing));
  }
}

export function makeIdentityGate({
  db,
  depositsBeforeDocumentsMinor,
}: {
  db: Db;
  /** Config.depositsBeforeDocumentsMinor. */
  depositsBeforeDocumentsMinor: number;
}) {
  async function limitsOf(handle: Db, clientId: string): Promise<VerificationLimits> {
    const missing = await findMissingIdentityDocuments(handle, clientId);
    const verified = missing.length === 0;
    const depositedMinor = await sumCountedDeposits(handle, clientId);
    return {
      missing,
      withdrawalsAllowed: verified,
      depositLimitMinor: depositsBeforeDocumentsMinor,
      depositedMinor,
      depositRemainingMinor: verified
        ? null
        : Math.max(0, depositsBeforeDocumentsMinor - depositedMinor),
    };
  }

  /** What the portal shows before the client fills a money form. */
  function getLimits({ clientId }: { clientId: string }): Promise<VerificationLimits> {
    return limitsOf(db, clientId);
  }

  /**
   * Inside the deposit request's transaction: refuses (403 DOCUMENTS_REQUIRED) a request that
   * would take the client's deposits past the limit while their documents are not approved.
   * The client's row is locked before the total is read, so two requests at once cannot both
   * fit.
   */
  async function checkDepositRequest(
    tx: Db,
    { clientId, amountMinor }: { clientId: string; amountMinor: number },
  ): Promise<void> {
    if ((await findMissingIdentityDocuments(tx, clientId)).length === 0) return; // no limit
    await lockClientForDepositLimit(tx, clientId);
    const limits = await limitsOf(tx, clientId);
    if (limits.depositRemainingMinor !== null && amountMinor > limits.depositRemainingMinor) {
      throw new AppError('DOCUMENTS_REQUIRED', depositLimitMessage(limits));
    }
  }

  /** Inside the withdrawal request's transaction: both documents approved, or 403. */
  function checkWithdrawalRequest(tx: Db, { clientId }: { clientId: string }): Promise<void> {
    return requireApprovedIdentity(tx, clientId, 'withdrawal');
  }

  return { getLimits, checkDepositRequest, checkWithdrawalRequest };
}

export type IdentityGate = ReturnType<typeof makeIdentityGate>;
