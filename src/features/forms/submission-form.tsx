import type { FormEventHandler, ReactNode } from 'react';
import { Button } from '@/ui/button';
import { storeErrorMessage, type StoreProblem } from './messages';
import styles from './forms.module.scss';

interface SubmissionFormProps {
  /** Accessible name of the form. */
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  sending: boolean;
  submitLabel: string;
  /** Why the last attempt could not be stored, shown with a Try again button (unless the person
   *  has to wait: then only the time to wait is shown). */
  failure: StoreProblem | null;
  children: ReactNode;
}

/** The frame of every form: its fields, the store error with a retry, and the submit button
 *  (disabled while sending). The browser's own validation bubbles are off: the fields show ours. */
export function SubmissionForm({ label, onSubmit, sending, submitLabel, failure, children }: SubmissionFormProps) {
  const error = failure ? storeErrorMessage(failure) : null;
  return (
    <form aria-label={label} noValidate onSubmit={onSubmit} className={styles.form}>
      <p className={styles.hint}>All fields are required.</p>
      {children}
      {error && (
        <div role="alert" className={styles.storeError}>
          <p className={styles.storeErrorTitle}>{error.title}</p>
          <p>{error.text}</p>
          {failure?.reason !== 'quota' && (
            <Button type="submit" variant="secondary" busy={sending}>
              Try again
            </Button>
          )}
        </div>
      )}
      <Button type="submit" busy={sending} className={styles.submit}>
        {sending ? 'Sending…' : submitLabel}
      </Button>
    </form>
  );
}
