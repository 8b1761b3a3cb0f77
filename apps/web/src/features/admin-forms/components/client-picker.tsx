import type { UseFormRegisterReturn } from 'react-hook-form';
import { SelectField } from '../../../components/ui/select-field';
import { useClientOptions } from '../api/get-client-options';

/**
 * The seed's user picker: a select of "userName — email" fed by GET /api/allUsers/users. While
 * the list loads the select says so; if it fails, a retry button sits under it.
 */
export function ClientPicker({
  error,
  registration,
}: {
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  const clients = useClientOptions();
  return (
    <div className="admin-client-picker">
      <SelectField label="User" error={error} aria-busy={clients.isPending} {...registration}>
        <option value="">
          {clients.isPending
            ? 'Loading users…'
            : clients.isError
              ? 'Users could not be loaded'
              : clients.data.length === 0
                ? 'No users yet'
                : 'Choose a user'}
        </option>
        {clients.data?.map((client) => (
          <option key={client._id} value={client._id}>
            {client.userName} — {client.email}
          </option>
        ))}
      </SelectField>
      {clients.isError ? (
        <p role="alert" className="form-error admin-client-picker-error">
          We could not load the users.{' '}
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void clients.refetch()}
            disabled={clients.isFetching}
          >
            {clients.isFetching ? 'Retrying…' : 'Try again'}
          </button>
        </p>
      ) : null}
    </div>
  );
}
