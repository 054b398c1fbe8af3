/** Store, then mail, then thank (docs/decisions/0007-forms-store-then-mail.md): the sequence every form runs on submit. */
import { useRef, useState, type FormEvent } from 'react';
import { useForm, type DefaultValues } from 'react-hook-form';
import { useLocation } from 'react-router-dom';
import type { SubmissionKind } from '@/config/data-limits';
import { alertSuccess } from '@/ui/alerts';
import { startMail } from './mail';
import { SUCCESS_ALERTS, type StoreProblem } from './messages';
import { StoreError, storeSubmission, type SubmissionFields } from './submissions';
import { trimmed } from './validation';

export interface Submission<K extends SubmissionKind> {
  /** Resolves true once stored (the form may then be reset), false when storing failed. */
  submit(fields: SubmissionFields[K], form: HTMLFormElement): Promise<boolean>;
  /** Why the last attempt could not be stored; null when it was, or while trying again. */
  failure: StoreProblem | null;
}

export function useSubmission<K extends SubmissionKind>(kind: K): Submission<K> {
  const { pathname } = useLocation();
  const [failure, setFailure] = useState<StoreProblem | null>(null);
  // The button is disabled while sending; this also stops a second submit fired before React
  // re-renders (a double click, or Enter pressed twice).
  const inFlight = useRef(false);

  const submit = async (raw: SubmissionFields[K], form: HTMLFormElement) => {
    if (inFlight.current) return false;
    inFlight.current = true;
    setFailure(null);
    try {
      const fields = trimmed(raw as unknown as Record<string, string>) as unknown as SubmissionFields[K];
      try {
        await storeSubmission(kind, fields, pathname);
      } catch (error) {
        console.warn('The submission could not be stored:', error);
        setFailure(error instanceof StoreError ? { reason: error.reason, waitMinutes: error.waitMinutes } : { reason: 'unknown' });
        return false;
      }
      // Stored: nothing can be lost any more. The mail's result is only logged.
      await startMail({ kind, fields: fields as unknown as Record<string, string>, form });
      void alertSuccess(SUCCESS_ALERTS[kind]);
      return true;
    } finally {
      inFlight.current = false;
    }
  };

  return { submit, failure };
}

/** A react-hook-form form wired to useSubmission: reset to `empty` once stored, kept otherwise. */
export function useSubmissionForm<K extends SubmissionKind>(kind: K, empty: SubmissionFields[K]) {
  const { submit, failure } = useSubmission(kind);
  const form = useForm<SubmissionFields[K]>({ defaultValues: empty as DefaultValues<SubmissionFields[K]> });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const element = event.currentTarget;
    return form.handleSubmit(async (values) => {
      if (await submit(values, element)) form.reset(empty);
    })(event);
  };
  return {
    register: form.register,
    errors: form.formState.errors,
    frame: { onSubmit, sending: form.formState.isSubmitting, failure },
  };
}
