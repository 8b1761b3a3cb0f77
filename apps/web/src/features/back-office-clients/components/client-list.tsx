import { formatCents, type ClientSort, type StaffClientRow } from '@brokerdesk/shared';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DateTime } from '../../../components/ui/date-time';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { Pagination } from '../../../components/ui/pagination';
import { Pill } from '../../../components/ui/pill';
import { nextSort, SortableHeader } from '../../../components/ui/sortable-header';
import { TableFrame } from '../../../components/ui/table-frame';
import { EmptyRow, SkeletonRows, TableCaption } from '../../../components/ui/table-parts';
import { TextField } from '../../../components/ui/text-field';
import { useDebouncedCallback } from '../../../components/ui/use-debounced-callback';
import { backOfficePaths } from '../../../config/back-office-paths';
import { useDownloadClientsCsv } from '../api/download-clients-csv';
import { readClientListQuery, useStaffClients } from '../api/get-staff-clients';
import '../back-office-clients.css';

export const SEARCH_DELAY_MS = 300;
const CSV_FAILED = 'We could not prepare the CSV file. Please try again.';

const SORTABLE: readonly { column: ClientSort; label: string }[] = [
  { column: 'name', label: 'Name' },
  { column: 'email', label: 'E-mail' },
  { column: 'country', label: 'Country' },
  { column: 'joined', label: 'Joined' },
];
const COLUMN_COUNT = 7;

function ClientRow({ client }: { client: StaffClientRow }) {
  return (
    <tr>
      <td>
        <Link to={backOfficePaths.adminClient(client.id)} className="bo-client-name">
          {client.name}
        </Link>
      </td>
      <td>{client.email}</td>
      <td>{client.country}</td>
      <td>
        <DateTime value={client.joinedAt} />
      </td>
      <td>{client.verified ? 'Yes' : 'No'}</td>
      <td>
        {client.disabled ? <Pill tone="danger">Disabled</Pill> : <Pill tone="success">Active</Pill>}
      </td>
      <td className="table-number">{formatCents(client.balanceMinor)}</td>
    </tr>
  );
}

/**
 * /adminDashboard/clients: search (debounced), sortable columns, pages and a CSV export. All
 * of it lives in the address (q, sort, dir, page), so a view can be bookmarked or shared.
 */
export function ClientList() {
  const [params, setParams] = useSearchParams();
  const query = readClientListQuery(params);
  const clients = useStaffClients(query);
  const csv = useDownloadClientsCsv();
  const captionId = useId();

  // The box shows what is typed; the address follows SEARCH_DELAY_MS after the last key. When
  // the address changes otherwise (Back), the box follows it.
  const urlSearch = query.q ?? '';
  const [search, setSearch] = useState(urlSearch);
  const [shownSearch, setShownSearch] = useState(urlSearch);
  if (urlSearch !== shownSearch) {
    setShownSearch(urlSearch);
    setSearch(urlSearch);
  }

  const update = (changes: Record<string, string | undefined>, replace = false) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace },
    );

  const applySearch = (text: string) => update({ q: text.trim(), page: undefined }, true);
  const applySearchSoon = useDebouncedCallback(applySearch, SEARCH_DELAY_MS);

  const onSort = (column: ClientSort) => {
    const next = nextSort({ sort: query.sort, dir: query.dir }, column);
    update({ sort: next.sort, dir: next.dir, page: undefined });
  };

  const data = clients.data;
  const searching = query.q !== undefined;

  return (
    <div className="page-section bo-clients">
      <h1>Clients</h1>
      <div className="bo-toolbar">
        <form
          role="search"
          aria-label="Clients"
          className="bo-toolbar-search"
          onSubmit={(event) => {
            event.preventDefault();
            applySearch(search);
          }}
        >
          <TextField
            label="Search by name or e-mail"
            type="search"
            name="q"
            value={search}
            maxLength={100}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => {
              setSearch(event.target.value);
              applySearchSoon(event.target.value);
            }}
          />
        </form>
        <div className="bo-toolbar-action">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => csv.mutate({ q: query.q, sort: query.sort, dir: query.dir })}
            disabled={csv.isPending}
          >
            {csv.isPending ? 'Preparing CSV…' : 'Export CSV'}
          </button>
        </div>
      </div>
      <p role="alert" className="form-error">
        {csv.isError ? CSV_FAILED : ''}
      </p>

      {clients.isError && !data ? (
        <ErrorPanel
          error={clients.error}
          message="We could not load the clients."
          onRetry={() => void clients.refetch()}
          retrying={clients.isFetching}
        />
      ) : (
        <>
          <TableFrame labelledBy={captionId}>
            <table aria-busy={clients.isFetching}>
              <TableCaption id={captionId}>
                Clients{searching ? ` matching “${query.q}”` : ''}
              </TableCaption>
              <thead>
                <tr>
                  {SORTABLE.map(({ column, label }) => (
                    <SortableHeader
                      key={column}
                      column={column}
                      label={label}
                      sort={query.sort}
                      dir={query.dir}
                      onSort={onSort}
                    />
                  ))}
                  <th scope="col">Verified</th>
                  <th scope="col">Status</th>
                  <SortableHeader
                    column="balance"
                    label="Balance"
                    sort={query.sort}
                    dir={query.dir}
                    onSort={onSort}
                  />
                </tr>
              </thead>
              <tbody>
                {!data ? (
                  <SkeletonRows columns={COLUMN_COUNT} />
                ) : data.items.length === 0 ? (
                  <EmptyRow columns={COLUMN_COUNT}>
                    {searching ? `No clients match “${query.q}”.` : 'No clients yet.'}
                  </EmptyRow>
                ) : (
                  data.items.map((client) => <ClientRow key={client.id} client={client} />)
                )}
              </tbody>
            </table>
          </TableFrame>
          {clients.isError ? (
            <ErrorPanel
              error={clients.error}
              message="We could not load this page of clients."
              onRetry={() => void clients.refetch()}
              retrying={clients.isFetching}
            />
          ) : null}
          {data ? (
            <Pagination
              label="Client pages"
              page={query.page}
              pageSize={query.pageSize}
              total={data.total}
              onPage={(page) => update({ page: page === 1 ? undefined : String(page) })}
            />
          ) : null}
        </>
      )}
    </div>
  );
}
