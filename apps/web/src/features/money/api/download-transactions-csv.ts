import { useMutation } from '@tanstack/react-query';
import { saveTextFile } from '../../../components/ui/save-text-file';
import { apiRequest } from '../../../lib/api-client';
import { transactionSearch, type TransactionFilter } from './get-transactions';

export const CSV_FILE_NAME = 'transactions.csv';

/** GET /api/transactions.csv: every row matching the filters, as text/csv. */
export function getTransactionsCsv(filter: TransactionFilter): Promise<string> {
  return apiRequest<string>(`/api/transactions.csv${transactionSearch(filter)}`, {
    auth: 'user',
    responseType: 'text',
  });
}

export function useDownloadTransactionsCsv() {
  return useMutation({
    mutationFn: async (filter: TransactionFilter) =>
      saveTextFile(await getTransactionsCsv(filter), CSV_FILE_NAME, 'text/csv;charset=utf-8'),
  });
}
