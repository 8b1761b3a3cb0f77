import { useId, type Ref, type TextareaHTMLAttributes } from 'react';
import { FieldFrame, fieldErrorProps } from './field-frame';
import './textarea-field.css';

export interface TextareaFieldProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id'
> {
  label: string;
  error?: string | undefined;
  ref?: Ref<HTMLTextAreaElement>;
  id?: string;
}

/** A labelled multi-line input whose error is tied to it (aria-invalid, aria-describedby). */
export function TextareaField({
  label,
  error,
  id,
  className,
  ref,
  ...textarea
}: TextareaFieldProps) {
  const autoId = useId();
  const controlId = id ?? autoId;
  return (
    <FieldFrame controlId={controlId} label={label} error={error} className={className}>
      <textarea
        ref={ref}
        id={controlId}
        className="field-input field-textarea"
        rows={4}
        {...fieldErrorProps(controlId, error)}
        {...textarea}
      />
    </FieldFrame>
  );
}
