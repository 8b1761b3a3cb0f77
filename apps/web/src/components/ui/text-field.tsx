import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { FieldFrame, fieldErrorProps } from './field-frame';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** The message under the field; also marks the input invalid and describes it. */
  error?: string | undefined;
  /** Rendered beside the input inside the same row (e.g. a show/hide button). */
  adornment?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  id?: string;
}

/** A labelled input whose error is tied to it with aria-invalid and aria-describedby. */
export function TextField({
  label,
  error,
  adornment,
  id,
  className,
  ref,
  ...input
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <FieldFrame controlId={inputId} label={label} error={error} className={className}>
      <div className={adornment ? 'field-row' : undefined}>
        <input
          ref={ref}
          id={inputId}
          className="field-input"
          {...fieldErrorProps(inputId, error)}
          {...input}
        />
        {adornment}
      </div>
    </FieldFrame>
  );
}
