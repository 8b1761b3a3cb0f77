import {
  CreateStaffBodySchema,
  STAFF_ROLES,
  type CreateStaffBody,
  type StaffRole,
} from '@brokerdesk/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, type DefaultValues } from 'react-hook-form';
import { PasswordField } from '../../../components/ui/password-field';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, NETWORK_ERROR_STATUS } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/server-field-errors';
import { useCreateStaffMember } from '../api/create-staff-member';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from '../staff-roles';

const FIELD_NAMES = [
  'username',
  'password',
  'role',
] as const satisfies readonly (keyof CreateStaffBody)[];

// The 'Choose a role' option: not a role, so the shared schema answers 'Choose a role'.
const NO_ROLE = '' as StaffRole;
const EMPTY_FORM: DefaultValues<CreateStaffBody> = { username: '', password: '', role: NO_ROLE };

const ADD_FAILED = 'We could not add the staff member. Please try again.';

type Result = { kind: 'added' | 'failed'; text: string } | null;

/** "Add staff member": username, password (at least 12 characters), role → POST /api/staff/members. */
export function AddStaffForm() {
  const headingId = useId();
  const create = useCreateStaffMember();
  const [result, setResult] = useState<Result>(null);
  const {
    register: field,
    handleSubmit,
    formState: { errors },
    clearErrors,
    setError,
    reset,
  } = useForm<CreateStaffBody>({
    resolver: zodResolver(CreateStaffBodySchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: EMPTY_FORM,
    shouldFocusError: true,
  });

  const editable = (name: (typeof FIELD_NAMES)[number]) =>
    field(name, { onChange: () => clearErrors(name) });

  const onValid = (body: CreateStaffBody) => {
    setResult(null);
    create.mutate(body, {
      onSuccess: (member) => {
        reset(EMPTY_FORM);
        setResult({
          kind: 'added',
          text: `✅ ${member.username} was added as ${ROLE_LABELS[member.role]}. They set up two-factor authentication at their first login.`,
        });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) {
          applyServerFieldErrors(error, FIELD_NAMES, setError);
          return;
        }
        if (error instanceof ApiError && error.status === 409) {
          // The username is taken: the server's words, on the field.
          setError(
            'username',
            { type: 'server', message: error.serverMessage ?? 'That username is taken' },
            { shouldFocus: true },
          );
          return;
        }
        const text =
          error instanceof ApiError &&
          (error.status === NETWORK_ERROR_STATUS || (error.status < 500 && error.serverMessage))
            ? error.message
            : ADD_FAILED;
        setResult({ kind: 'failed', text: `❌ ${text}` });
      },
    });
  };

  const pending = create.isPending;

  return (
    <section className="card staff-card" aria-labelledby={headingId}>
      <h2 id={headingId}>Add staff member</h2>
      <form className="form staff-form" noValidate onSubmit={handleSubmit(onValid)}>
        <TextField
          label="Username"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.username?.message}
          {...editable('username')}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...editable('password')}
        />
        <p className="field-hint">At least 12 characters. Give it to them by a safe channel.</p>
        <SelectField label="Role" error={errors.role?.message} {...editable('role')}>
          <option value="">Choose a role</option>
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]} — {ROLE_DESCRIPTIONS[role]}
            </option>
          ))}
        </SelectField>
        <div>
          <button type="submit" className="button button--primary" disabled={pending}>
            {pending ? 'Adding…' : 'Add staff member'}
          </button>
        </div>
        <p
          role="status"
          aria-live="polite"
          className={
            result === null
              ? 'result-line'
              : `result-line ${result.kind === 'added' ? 'result-line--success' : 'result-line--failure'}`
          }
        >
          {result?.text ?? ''}
        </p>
      </form>
    </section>
  );
}
