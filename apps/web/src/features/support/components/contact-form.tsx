import { MESSAGES, SupportBodySchema } from '@brokerdesk/shared';
import type { SupportBody, SupportForm } from '@brokerdesk/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { DefaultValues } from 'react-hook-form';
import { FieldFrame, fieldErrorProps } from '../../../components/ui/field-frame';
import { TextField } from '../../../components/ui/text-field';
import { applyServerFieldErrors } from '../../../lib/server-field-errors';
import { sendSupportMessage } from '../api/send-support-message';
import './support.css';

const FIELD_NAMES = [
  'subject',
  'message',
  'email',
] as const satisfies readonly (keyof SupportForm)[];

/** The dashboard form has no e-mail field: the ticket belongs to the signed-in client. */
const DASHBOARD_FIELD_NAMES = [
  'subject',
  'message',
] as const satisfies readonly (keyof SupportForm)[];

const EMPTY_FORM: DefaultValues<SupportForm> = { subject: '', message: '', email: '' };
const EMPTY_DASHBOARD_FORM: DefaultValues<SupportForm> = { subject: '', message: '' };

export type ContactFormVariant = 'public' | 'dashboard';

type Status =
  { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; text: string } | { kind: 'failed' };

function statusText(status: Status, variant: ContactFormVariant): string {
  switch (status.kind) {
    case 'idle':
      return '';
    case 'sending':
      return MESSAGES.support.sending;
    case 'sent':
      return status.text;
    case 'failed':
      return variant === 'dashboard'
        ? MESSAGES.support.dashboardFailure
        : MESSAGES.support.contactFailure;
  }
}

/**
 * The public contact form (docs/origin.md §2 /contact, §4): status '' → 'Sending...' → the server's
 * message (fields cleared) or the failure text (fields kept). Text is sent and shown as text.
 *
 * `variant="dashboard"` is the portal's support form (docs/origin.md §4): no e-mail field, the client's
 * token is sent so the ticket is theirs, and its own failure text. `onSent` runs after a ticket
 * was stored (the portal re-reads its ticket list).
 */
export function ContactForm({
  variant = 'public',
  onSent,
}: {
  variant?: ContactFormVariant;
  onSent?: () => void;
} = {}) {
  const dashboard = variant === 'dashboard';
  const fieldNames = dashboard ? DASHBOARD_FIELD_NAMES : FIELD_NAMES;
  const emptyForm = dashboard ? EMPTY_DASHBOARD_FORM : EMPTY_FORM;
  const {
    register: field,
    handleSubmit,
    formState: { errors },
    clearErrors,
    setError,
    reset,
  } = useForm<SupportForm, unknown, SupportBody>({
    resolver: zodResolver(SupportBodySchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: emptyForm,
    shouldFocusError: true,
  });
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const messageId = useId();

  const editable = (name: (typeof FIELD_NAMES)[number]) =>
    field(name, { onChange: () => clearErrors(name) });

  const onValid = async (body: SupportBody) => {
    setStatus({ kind: 'sending' });
    try {
      const result = dashboard
        ? await sendSupportMessage({ body: { ...body, email: undefined }, auth: 'user' })
        : await sendSupportMessage({ body });
      reset(emptyForm);
      setStatus({ kind: 'sent', text: result.message });
      onSent?.();
    } catch (error) {
      console.error('Contact form: sending failed', error);
      setStatus({ kind: 'failed' });
      applyServerFieldErrors(error, fieldNames, setError);
    }
  };

  const statusClass =
    status.kind === 'sent'
      ? 'result-line result-line--success'
      : status.kind === 'failed'
        ? 'result-line result-line--failure'
        : 'result-line';

  return (
    <form className="form contact-form" noValidate onSubmit={handleSubmit(onValid)}>
      <TextField
        label="Subject"
        maxLength={200}
        error={errors.subject?.message}
        {...editable('subject')}
      />
      <FieldFrame controlId={messageId} label="Message" error={errors.message?.message}>
        <textarea
          id={messageId}
          className="field-input contact-message"
          rows={6}
          maxLength={5000}
          {...fieldErrorProps(messageId, errors.message?.message)}
          {...editable('message')}
        />
      </FieldFrame>
      {dashboard ? null : (
        <>
          <TextField
            label="Your e-mail (so we can reply)"
            type="email"
            autoComplete="email"
            spellCheck={false}
            error={errors.email?.message}
            {...editable('email')}
          />
          <p className="form-hint">Optional. Without it we cannot answer you.</p>
        </>
      )}
      <div>
        <button
          type="submit"
          className="button button--primary"
          disabled={status.kind === 'sending'}
        >
          Send Message
        </button>
      </div>
      <p role="status" aria-live="polite" className={statusClass}>
        {statusText(status, variant)}
      </p>
    </form>
  );
}
