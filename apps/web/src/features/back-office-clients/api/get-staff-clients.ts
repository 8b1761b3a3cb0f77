import {
  ClientListQuerySchema,
  StaffClientPageSchema,
  type ClientListQuery,
  type StaffClientPage,
} from '@brokerdesk/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth-tokens';

export const CLIENTS_PAGE_SIZE = 25;

/** Every back-office read starts with ['admin', 'staff'], so a staff action can refresh them. */
export const staffClientsKey = ['admin', 'staff', 'clients'] as const;

const shape = ClientListQuerySchema.shape;

/** The list's state from the address bar; anything unknown or malformed falls back to the default. */
export function readClientListQuery(params: URLSearchParams): ClientListQuery {
  const value = (name: string) => params.get(name) ?? undefined;
  const q = shape.q.safeParse(value('q'));
  const sort = shape.sort.safeParse(value('sort'));
  const dir = shape.dir.safeParse(value('dir'));
  const page = shape.page.safeParse(value('page'));
  return {
    q: q.success && q.data ? q.data : undefined,
    sort: sort.success ? sort.data : 'joined',
    dir: dir.success ? dir.data : 'desc',
    page: page.success ? page.data : 1,
    pageSize: CLIENTS_PAGE_SIZE,
  };
}

/** `?q=&sort=&dir=` (and `page`, `pageSize` unless left out), without empty values. */
export function clientListSearch(
  query: Partial<ClientListQuery>,
  { paging = true }: { paging?: boolean } = {},
): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.sort) params.set('sort', query.sort);
  if (query.dir) params.set('dir', query.dir);
  if (paging && query.page !== undefined) params.set('page', String(query.page));
  if (paging && query.pageSize !== undefined) params.set('pageSize', String(query.pageSize));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** GET /api/staff/clients: one page of clients matching `q`, sorted. */
export function getStaffClients(
  query: ClientListQuery,
  signal?: AbortSignal,
): Promise<StaffClientPage> {
  return apiRequest(`/api/staff/clients${clientListSearch(query)}`, {
    auth: 'admin',
    schema: StaffClientPageSchema,
    signal,
  });
}

export function staffClientsQuery(query: ClientListQuery) {
  return queryOptions({
    queryKey: [...staffClientsKey, query],
    queryFn: ({ signal }) => getStaffClients(query, signal),
    // The previous page stays on screen (marked busy) while the next one loads.
    placeholderData: keepPreviousData,
    enabled: () => getToken('admin') !== null,
  });
}

export function useStaffClients(query: ClientListQuery) {
  return useQuery(staffClientsQuery(query));
}
