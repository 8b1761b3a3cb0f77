import { useMutation } from '@tanstack/react-query';
import { saveTextFile } from '../../../components/ui/save-text-file';
import { apiRequest } from '../../../lib/api-client';
import { auditSearch, type AuditFilter } from './get-audit-log';

export const AUDIT_CSV_FILE_NAME = 'audit-log.csv';

/** GET /api/staff/audit.csv: every entry matching the filters. */
export function getAuditCsv(filter: AuditFilter): Promise<string> {
  return apiRequest<string>(`/api/staff/audit.csv${auditSearch(filter)}`, {
    auth: 'admin',
    responseType: 'text',
  });
}

export function useDownloadAuditCsv() {
  return useMutation({
    mutationFn: async (filter: AuditFilter) =>
      saveTextFile(await getAuditCsv(filter), AUDIT_CSV_FILE_NAME),
  });
}
