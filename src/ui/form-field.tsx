import { useId, type ReactNode } from 'react';
import styles from './form-field.module.scss';

/** What a field's control needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

interface FormFieldProps {
  label: string;
  error?: string;
  hint?: string;
  /** Announce the error as soon as it appears (when the form has no summary that does). */
  announceError?: boolean;
  children: (control: FieldControlProps) => ReactNode;
}

/** A label, the control, an optional hint and the field's error right below it: the control gets
 *  its id, aria-invalid and aria-describedby from the render prop, so any input, select or textarea
 *  fits. Controls inside are styled alike. */
export function FormField({ label, error, hint, announceError = false, children }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error} role={announceError ? 'alert' : undefined}>
          {error}
        </p>
      )}
    </div>
  );
}
