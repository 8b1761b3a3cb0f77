import {
  CreateStaffBodySchema,
  STAFF_ROLES,
  type CreateStaffBody,
  type CreateStaffForm,
  type StaffRole,
} from '@brokerdesk/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, type DefaultValues } from 'react-hook-form';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, NETWORK_ERROR_STATUS } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/server-field-errors';
import { useCreateStaffMember } from '../api/create-staff-member';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from '../staff-roles';

const FIELD_NAMES = [
  'username',
  'email',
  'role',
] as const satisfies readonly (keyof CreateStaffBody)[];

// The 'Choose a role' option: not a role, so the shared schema answers 'Choose a role'.
const NO_ROLE = '' as StaffRole;
const EMPTY_FORM: DefaultValues<CreateStaffForm> = { username: '', email: '', role: NO_ROLE };

const INVITE_FAILED = 'We could not send the invitation. Please try again.';

type Result = { kind: 'sent' | 'failed'; text: string } | null;

/**
 * "Invite a staff member": username, e-mail, role → POST /api/staff/members. The member chooses
 * their own password and sets up two-factor authentication from the mailed link (decision 111),
 * so nobody else ever knows the password or holds the authenticator.
 */
export function InviteStaffForm() {
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
  } = useForm<CreateStaffForm, unknown, CreateStaffBody>({
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
          kind: 'sent',
          text: `✅ Invitation sent to ${member.email ?? body.email}. ${member.username} (${ROLE_LABELS[member.role]}) chooses a password and sets up two-factor authentication from the link, which works for 72 hours.`,
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
            : INVITE_FAILED;
        setResult({ kind: 'failed', text: `❌ ${text}` });
      },
    });
  };

  const pending = create.isPending;

  return (
    <section className="card staff-card" aria-labelledby={headingId}>
      <h2 id={headingId}>Invite a staff member</h2>
      <p>
        They receive a link by e-mail and choose their own password and authenticator app there.
        Until then they cannot sign in.
      </p>
      <form className="form staff-form" noValidate onSubmit={handleSubmit(onValid)}>
        <TextField
          label="Username"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.username?.message}
          {...editable('username')}
        />
        <TextField
          label="E-mail"
          type="email"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.email?.message}
          {...editable('email')}
        />
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
            {pending ? 'Sending…' : 'Send invitation'}
          </button>
        </div>
        <p
          role="status"
          aria-live="polite"
          className={
            result === null
              ? 'result-line'
              : `result-line ${result.kind === 'sent' ? 'result-line--success' : 'result-line--failure'}`
          }
        >
          {result?.text ?? ''}
        </p>
      </form>
    </section>
  );
}
