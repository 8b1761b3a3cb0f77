import { TicketReplyBodySchema, type TicketReplyBody } from '@brokerdesk/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { actionFailureText } from '../../../components/ui/failure-text';
import { TextareaField } from '../../../components/ui/textarea-field';
import { ApiError } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/server-field-errors';
import { useReplyToTicket } from '../api/update-ticket';

const REPLY_FAILED = 'We could not send your reply. Please try again.';

type Result = { kind: 'sent' | 'failed'; text: string } | null;

/** The reply box: checked with the shared TicketReplyBodySchema, sent as plain text. */
export function ReplyForm({ ticketId, recipient }: { ticketId: string; recipient: string }) {
  const reply = useReplyToTicket();
  const [result, setResult] = useState<Result>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<TicketReplyBody>({
    resolver: zodResolver(TicketReplyBodySchema),
    mode: 'onSubmit',
    defaultValues: { message: '' },
    shouldFocusError: true,
  });

  const onValid = (body: TicketReplyBody) => {
    setResult(null);
    reply.mutate(
      { id: ticketId, ...body },
      {
        onSuccess: () => {
          reset({ message: '' });
          setResult({ kind: 'sent', text: `Reply sent to ${recipient}.` });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields) {
            applyServerFieldErrors(error, ['message'], setError);
            return;
          }
          setResult({ kind: 'failed', text: actionFailureText(error, REPLY_FAILED) });
        },
      },
    );
  };

  return (
    <form
      className="form bo-reply"
      noValidate
      onSubmit={(event) => void handleSubmit(onValid)(event)}
    >
      <TextareaField
        label="Reply"
        rows={5}
        error={errors.message?.message}
        {...register('message', { onChange: () => setResult(null) })}
      />
      <div>
        <button type="submit" className="button button--primary" disabled={reply.isPending}>
          {reply.isPending ? 'Sending…' : 'Send reply'}
        </button>
      </div>
      <p
        role="status"
        className={result?.kind === 'sent' ? 'result-line result-line--success' : 'result-line'}
      >
        {result?.kind === 'sent' ? result.text : ''}
      </p>
      <p role="alert" className="form-error">
        {result?.kind === 'failed' ? result.text : ''}
      </p>
    </form>
  );
}
