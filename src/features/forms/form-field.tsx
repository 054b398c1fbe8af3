import type { InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField as Field } from '@/ui/form-field';

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'> {
  label: string;
  registration: UseFormRegisterReturn;
  /** The field's validation message, shown under it and announced. */
  error?: string;
  hint?: string;
  /** A multi-line text area instead of an input. */
  multiline?: boolean;
}

/** A required text field of the submission forms, registered with react-hook-form. */
export function FormField({ label, registration, error, hint, multiline = false, ...inputProps }: FormFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} announceError>
      {(control) =>
        multiline ? (
          <textarea rows={6} placeholder={inputProps.placeholder} {...control} {...registration} required />
        ) : (
          <input type="text" {...inputProps} {...control} {...registration} required />
        )
      }
    </Field>
  );
}
