import { useId, useState } from 'react';
import { TextField, type TextFieldProps } from './text-field';
import { VisibilityToggle } from './visibility-toggle';

/** A password input with its own show/hide toggle (sign-in forms). */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'adornment' | 'id'>) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      id={id}
      type={visible ? 'text' : 'password'}
      adornment={
        <VisibilityToggle
          visible={visible}
          onToggle={() => setVisible((v) => !v)}
          noun="password"
          controls={id}
        />
      }
    />
  );
}
