import { useId, type InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import styles from './forms.module.scss';

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'> {
  label: string;
  registration: UseFormRegisterReturn;
  /** The field's validation message, shown under it and announced. */
  error?: string;
  hint?: string;
  /** A multi-line text area instead of an input. */
  multiline?: boolean;
}

/** One labelled field: the label is tied to the input, and the hint and the error message are
 *  its description (aria-describedby), the error also flagged with aria-invalid and announced. */
export function FormField({ label, registration, error, hint, multiline = false, ...inputProps }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const control = {
    id,
    ...registration,
    required: true,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    className: styles.input,
  };
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {multiline ? (
        <textarea rows={6} placeholder={inputProps.placeholder} {...control} />
      ) : (
        <input type="text" {...inputProps} {...control} />
      )}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
