import { ReasonBodySchema, type ReasonBody } from '@brokerdesk/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode, RefObject } from 'react';
import { useForm } from 'react-hook-form';
import { ModalDialog } from './modal-dialog';
import { TextareaField } from './textarea-field';

/**
 * A modal that asks for the reason of a decision (reject a request, disable a client) before
 * sending it. The reason is checked with the shared ReasonBodySchema, so its messages ('Please
 * give a reason the client will see') are the API's. `failure` shows under the form.
 */
export function ReasonDialog({
  title,
  children,
  submitLabel,
  pendingLabel,
  pending,
  failure,
  onSubmit,
  onClose,
  returnFocusRef,
}: {
  title: string;
  /** What happens and who sees the reason. */
  children?: ReactNode;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  failure?: string | null;
  onSubmit: (reason: string) => void;
  onClose: () => void;
  returnFocusRef?: RefObject<HTMLElement | null>;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ReasonBody>({
    resolver: zodResolver(ReasonBodySchema),
    mode: 'onSubmit',
    defaultValues: { reason: '' },
    shouldFocusError: true,
  });

  return (
    <ModalDialog
      title={title}
      onClose={onClose}
      returnFocusRef={returnFocusRef}
      closeLabel="Cancel"
      tone="failure"
    >
      {children}
      <form
        className="form"
        noValidate
        onSubmit={(event) => void handleSubmit((body) => onSubmit(body.reason))(event)}
      >
        <TextareaField label="Reason" error={errors.reason?.message} {...register('reason')} />
        <div>
          <button type="submit" className="button button--primary" disabled={pending}>
            {pending ? pendingLabel : submitLabel}
          </button>
        </div>
        <p role="alert" className="form-error">
          {failure ?? ''}
        </p>
      </form>
    </ModalDialog>
  );
}
