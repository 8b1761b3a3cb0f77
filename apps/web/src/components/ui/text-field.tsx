import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

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
  const errorId = `${inputId}-error`;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field-label" htmlFor={inputId}>
        {label}
      </label>
      <div className={adornment ? 'field-row' : undefined}>
        <input
          ref={ref}
          id={inputId}
          className="field-input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        {adornment}
      </div>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
