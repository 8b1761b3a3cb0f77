import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { useIntentKey } from '../../../lib/use-intent-key';
import { applyFailure } from '../form-failure';
import { emptyAsUndefined } from '../origin-payloads';

export interface OriginMoneyFormOptions<TValues extends FieldValues, TPayload> {
  /** The shared seed schema; it checks what was typed (raw: dollars stay text). */
  schema: z.ZodType<unknown, TValues>;
  emptyForm: DefaultValues<TValues>;
  /** The fields in form order; the names a server's per-field errors may carry. */
  fieldNames: readonly Path<TValues>[];
  /** The body as sent: the trimmed text, empty optional fields left out. */
  toPayload: (values: TValues) => TPayload;
  /** The create call (a react-query mutation). */
  create: {
    mutateAsync: (input: { body: TPayload; idempotencyKey: string }) => Promise<unknown>;
    isPending: boolean;
  };
  /** The seed's ✅ and ❌ lines. */
  messages: { created: string; failed: string };
}

/**
 * Manage Subscription and Manage Transaction (docs/origin.md §2, §7): validated on submit with the shared
 * seed schema; a field's error clears as soon as it is edited; an optional field left empty takes
 * the schema's default. The call is awaited with one idempotency key per submission (reused only
 * when the same submission is retried after a lost answer), then the result line says ✅ and the
 * form empties, or ❌ with the server's words under it and its field errors on their fields.
 */
export function useOriginMoneyForm<TValues extends FieldValues, TPayload>({
  schema,
  emptyForm,
  fieldNames,
  toPayload,
  create,
  messages,
}: OriginMoneyFormOptions<TValues, TPayload>) {
  const {
    register: field,
    handleSubmit,
    formState: { errors },
    clearErrors,
    setError,
    reset,
  } = useForm<TValues, unknown, TValues>({
    resolver: zodResolver(schema, undefined, { raw: true }),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: emptyForm,
    shouldFocusError: true,
  });
  const submission = useIntentKey();
  const [result, setResult] = useState<string | null>(null);
  const [detail, setDetail] = useState<string | null>(null);

  const editable = (name: Path<TValues>, optional = false) =>
    field(name, {
      onChange: () => clearErrors(name),
      ...(optional ? { setValueAs: emptyAsUndefined } : {}),
    });

  const onSubmit = handleSubmit(async (values: TValues) => {
    setResult(null);
    setDetail(null);
    const body = toPayload(values);
    try {
      await create.mutateAsync({ body, idempotencyKey: submission.keyFor(JSON.stringify(body)) });
      submission.settle();
      reset(emptyForm);
      setResult(messages.created);
    } catch (error) {
      submission.settle(error);
      setResult(messages.failed);
      setDetail(applyFailure(error, fieldNames, setError));
    }
  });

  return { errors, editable, onSubmit, pending: create.isPending, result, detail };
}
