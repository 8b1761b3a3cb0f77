import { useMutation } from '@tanstack/react-query';
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

/** Hands the text to the browser as a file download. */
export function saveCsv(text: string, fileName = CSV_FILE_NAME): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns: release it on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useDownloadTransactionsCsv() {
  return useMutation({
    mutationFn: async (filter: TransactionFilter) => saveCsv(await getTransactionsCsv(filter)),
  });
}
