import type { InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TEXT_LIMITS } from '@/config/data-limits';
import type { FieldKind } from '@/data/submission-fields';
import { FormField as Field } from '@/ui/form-field';

export interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'> {
  label: string;
  registration: UseFormRegisterReturn;
  /** The field's validation message, shown under it and announced. */
  error?: string;
  hint?: string;
  /** A multi-line text area instead of an input. */
  multiline?: boolean;
}

/** How each kind of field is typed in, whichever form asks for it: the keyboard and the browser's
 *  autofill follow the kind (an email is an email on every form). */
export const FIELD_INPUTS: Record<FieldKind, Pick<FormFieldProps, 'type' | 'autoComplete' | 'multiline' | 'hint'>> = {
  fullName: { autoComplete: 'name' },
  email: { type: 'email', autoComplete: 'email' },
  phone: { type: 'tel', autoComplete: 'tel' },
  city: { autoComplete: 'address-level2' },
  message: { multiline: true, hint: `Up to ${TEXT_LIMITS.message.toLocaleString('en-US')} characters.` },
};

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
