import type { ClientListQuery } from '@brokerdesk/shared';
import { useMutation } from '@tanstack/react-query';
import { saveTextFile } from '../../../components/ui/save-text-file';
import { apiRequest } from '../../../lib/api-client';
import { clientListSearch } from './get-staff-clients';

export const CLIENTS_CSV_FILE_NAME = 'clients.csv';

export type ClientCsvFilter = Pick<ClientListQuery, 'q' | 'sort' | 'dir'>;

/** GET /api/staff/clients.csv: every client matching the search, in the list's order. */
export function getClientsCsv(filter: ClientCsvFilter): Promise<string> {
  return apiRequest<string>(
    `/api/staff/clients.csv${clientListSearch(filter, { paging: false })}`,
    {
      auth: 'admin',
      responseType: 'text',
    },
  );
}

export function useDownloadClientsCsv() {
  return useMutation({
    mutationFn: async (filter: ClientCsvFilter) =>
      saveTextFile(await getClientsCsv(filter), CLIENTS_CSV_FILE_NAME),
  });
}
