import type { ReactNode } from 'react';

/** The attributes that tie a form control to its error message (aria-invalid, aria-describedby). */
export function fieldErrorProps(controlId: string, error: string | undefined) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${controlId}-error` : undefined,
  } as const;
}

/** Label above, the control, and its error below: the frame every form field shares. */
export function FieldFrame({
  controlId,
  label,
  error,
  className,
  children,
}: {
  controlId: string;
  label: ReactNode;
  error: string | undefined;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field-label" htmlFor={controlId}>
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${controlId}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
