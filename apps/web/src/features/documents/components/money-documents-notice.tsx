import { depositLimitMessage, documentsRequiredMessage } from '@brokerdesk/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useVerificationLimits, verificationLimitsKey } from '../api/get-verification-limits';
import '../documents.css';

function VerificationLink() {
  return (
    <Link to={paths.verification} className="money-documents-link">
      Upload your documents on the verification page
    </Link>
  );
}

/**
 * Above the deposit form, before anything is typed: while proof of ID and of residence are not
 * approved, how much may still be requested and what is missing (decision 104). Nothing once
 * they are approved, or while the answer is not known (the server decides either way).
 */
export function DepositLimitNotice() {
  const limits = useVerificationLimits();
  if (!limits.data || limits.data.depositRemainingMinor === null) return null;
  const full = limits.data.depositRemainingMinor === 0;
  return (
    <div className={full ? 'money-documents money-documents--blocked' : 'money-documents'}>
      <p>{depositLimitMessage(limits.data)}</p>
      <VerificationLink />
    </div>
  );
}

/**
 * Above the withdrawal form, before anything is typed: withdrawals wait for proof of ID and of
 * residence, and which of them is missing and why.
 */
export function WithdrawalDocumentsNotice() {
  const limits = useVerificationLimits();
  if (!limits.data || limits.data.withdrawalsAllowed) return null;
  return (
    <div className="money-documents money-documents--blocked">
      <p>{documentsRequiredMessage('withdrawal', limits.data.missing)}</p>
      <VerificationLink />
    </div>
  );
}

/** Whether a failed call was refused because documents must be approved first. */
export function isDocumentsRequired(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'DOCUMENTS_REQUIRED';
}

/** Beside a money form's error line: the way to the verification page after a 403 DOCUMENTS_REQUIRED. */
export function DocumentsRequiredLink({ error }: { error: unknown }) {
  if (!isDocumentsRequired(error)) return null;
  return (
    <p>
      <VerificationLink />
    </p>
  );
}

/** After a deposit request (or a refusal): the remaining allowance is read again. */
export function useRefreshVerificationLimits(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: verificationLimitsKey });
  }, [queryClient]);
}
