import { statementFileName } from '@brokerdesk/shared/trading';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { saveTextFile } from '../../../components/ui/save-text-file';
import { apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth-tokens';
import { tradingKeys } from './query-keys';
import type { AccountKind, Id, TradingStatement } from './types';

/** A statement's period: ISO instants, `from` included, `to` excluded. */
export interface StatementPeriod {
  from: string;
  to: string;
}

const statementPath = (id: Id, { from, to }: StatementPeriod, format: 'json' | 'csv') =>
  `/api/trading/accounts/${encodeURIComponent(String(id))}/statement?${new URLSearchParams({
    from,
    to,
    ...(format === 'csv' ? { format } : {}),
  }).toString()}`;

/** GET …/statement?from&to: every balance movement of the period, oldest first. */
export function getStatement(
  id: Id,
  period: StatementPeriod,
  signal?: AbortSignal,
): Promise<TradingStatement> {
  return apiRequest(statementPath(id, period, 'json'), { auth: 'user', signal });
}

export function statementQuery(id: Id | null, period: StatementPeriod | null) {
  return queryOptions({
    queryKey: tradingKeys.statement(id ?? '', period?.from ?? '', period?.to ?? ''),
    queryFn: ({ signal }) => getStatement(id ?? '', period ?? { from: '', to: '' }, signal),
    enabled: () => id !== null && period !== null && getToken('user') !== null,
    // Another period keeps the last table in view (marked busy) instead of a blank page.
    placeholderData: keepPreviousData,
  });
}

export function useStatement(id: Id | null, period: StatementPeriod | null) {
  return useQuery(statementQuery(id, period));
}

/** GET …/statement?format=csv, as text (the token goes in a header, never in a URL). */
export function getStatementCsv(id: Id, period: StatementPeriod): Promise<string> {
  return apiRequest<string>(statementPath(id, period, 'csv'), {
    auth: 'user',
    responseType: 'text',
  });
}

const BOM = '\uFEFF';

/**
 * Saves the CSV under the API's own file name. Reading the answer as text drops its byte order
 * mark (the Fetch standard's UTF-8 decode), and Excel needs it to read "·" and "“" as written.
 */
export function useDownloadStatementCsv() {
  return useMutation({
    mutationFn: async ({
      id,
      kind,
      period,
    }: {
      id: Id;
      kind: AccountKind;
      period: StatementPeriod;
    }) => {
      const text = await getStatementCsv(id, period);
      saveTextFile(
        text.startsWith(BOM) ? text : BOM + text,
        statementFileName({ kind, ...period }),
        'text/csv;charset=utf-8',
      );
    },
  });
}
