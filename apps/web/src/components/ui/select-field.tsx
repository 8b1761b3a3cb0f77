import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { FieldFrame, fieldErrorProps } from './field-frame';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  error?: string | undefined;
  children: ReactNode;
  ref?: Ref<HTMLSelectElement>;
  id?: string;
}

export function SelectField({
  label,
  error,
  id,
  children,
  className,
  ref,
  ...select
}: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <FieldFrame controlId={selectId} label={label} error={error} className={className}>
      <select
        ref={ref}
        id={selectId}
        className="field-input field-select"
        {...fieldErrorProps(selectId, error)}
        {...select}
      >
        {children}
      </select>
    </FieldFrame>
  );
}
