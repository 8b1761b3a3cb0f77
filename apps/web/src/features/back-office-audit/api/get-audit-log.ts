import { AuditPageSchema, AuditQuerySchema, type AuditPage } from '@brokerdesk/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth-tokens';

export const AUDIT_PAGE_SIZE = 50;

/** Every back-office read starts with ['admin', 'staff'], so staff actions refresh the log. */
export const auditLogKey = ['admin', 'staff', 'audit'] as const;

/** The filters as the address holds them: text, and calendar days 'YYYY-MM-DD'. */
export interface AuditFilter {
  staff?: string | undefined;
  action?: string | undefined;
  targetId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export const AUDIT_FILTER_NAMES = ['staff', 'action', 'targetId', 'from', 'to'] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const shape = AuditQuerySchema.shape;

function isDay(value: string): boolean {
  return DAY.test(value) && !Number.isNaN(new Date(`${value}T00:00:00`).getTime());
}

/** The filters from the address; a malformed value is left out rather than sent. */
export function readAuditFilter(params: URLSearchParams): AuditFilter {
  const text = (name: 'staff' | 'action' | 'targetId') => {
    const parsed = shape[name].safeParse(params.get(name) ?? undefined);
    return parsed.success && parsed.data ? parsed.data : undefined;
  };
  const day = (name: 'from' | 'to') => {
    const value = params.get(name);
    return value && isDay(value) ? value : undefined;
  };
  return {
    staff: text('staff'),
    action: text('action'),
    targetId: text('targetId'),
    from: day('from'),
    to: day('to'),
  };
}

/**
 * The API's query: `from` is the start of that day and `to` the end of that day, in the
 * reader's time zone, as ISO date-times (AuditQuerySchema).
 */
export function auditSearch(
  filter: AuditFilter,
  extra: { cursor?: string | undefined; limit?: number } = {},
): string {
  const params = new URLSearchParams();
  if (filter.staff) params.set('staff', filter.staff);
  if (filter.action) params.set('action', filter.action);
  if (filter.targetId) params.set('targetId', filter.targetId);
  if (filter.from) params.set('from', new Date(`${filter.from}T00:00:00`).toISOString());
  if (filter.to) params.set('to', new Date(`${filter.to}T23:59:59.999`).toISOString());
  if (extra.cursor) params.set('cursor', extra.cursor);
  if (extra.limit !== undefined) params.set('limit', String(extra.limit));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** GET /api/staff/audit: one keyset page, newest first. */
export function getAuditLog(
  filter: AuditFilter,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<AuditPage> {
  return apiRequest(`/api/staff/audit${auditSearch(filter, { cursor, limit: AUDIT_PAGE_SIZE })}`, {
    auth: 'admin',
    schema: AuditPageSchema,
    signal,
  });
}

export function auditLogQuery(filter: AuditFilter, enabled = true) {
  return infiniteQueryOptions({
    queryKey: [...auditLogKey, filter],
    queryFn: ({ pageParam, signal }) => getAuditLog(filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    enabled: () => enabled && getToken('admin') !== null,
  });
}

export function useAuditLog(filter: AuditFilter, enabled = true) {
  return useInfiniteQuery(auditLogQuery(filter, enabled));
}
