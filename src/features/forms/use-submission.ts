/** Send, then thank (docs/decisions/0007-forms-store-then-mail.md): the function stores the
 *  submission and mails it (docs/decisions/0111-submissions-through-the-server.md); the form thanks
 *  the person once it is stored, and says "check your email" only when a mail to them went out. */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm, type DefaultValues, type FieldErrors, type Path, type PathValue } from 'react-hook-form';
import { useLocation } from 'react-router-dom';
import type { SubmissionKind } from '@/config/data-limits';
import { FORM_FIELDS } from '@/data/submission-fields';
import { alertSuccess } from '@/ui/alerts';
import { FIELD_INPUTS, type FormFieldProps } from './form-field';
import { MAIL_FAILED_LOG, successAlert, type StoreProblem } from './messages';
import { StoreError, storeSubmission, type SubmissionFields } from './submissions';
import { useSignedInContact } from './use-signed-in-contact';
import { fieldRules, trimmed } from './validation';

export interface Submission<K extends SubmissionKind> {
  /** Resolves true once stored (the form may then be reset), false when storing failed. */
  submit(fields: SubmissionFields[K]): Promise<boolean>;
  /** Why the last attempt could not be stored; null when it was, or while trying again. */
  failure: StoreProblem | null;
}

export function useSubmission<K extends SubmissionKind>(kind: K): Submission<K> {
  const { pathname } = useLocation();
  const [failure, setFailure] = useState<StoreProblem | null>(null);
  // The button is disabled while sending; this also stops a second submit fired before React
  // re-renders (a double click, or Enter pressed twice).
  const inFlight = useRef(false);

  const submit = async (raw: SubmissionFields[K]) => {
    if (inFlight.current) return false;
    inFlight.current = true;
    setFailure(null);
    try {
      const fields = trimmed(raw as unknown as Record<string, string>) as unknown as SubmissionFields[K];
      let mailed: boolean;
      try {
        ({ mailed } = await storeSubmission(kind, fields, pathname));
      } catch (error) {
        console.warn('The submission could not be stored:', error);
        setFailure(
          error instanceof StoreError
            ? { reason: error.reason, waitMinutes: error.waitMinutes, limit: error.limit }
            : { reason: 'unknown' },
        );
        return false;
      }
      // Stored: nothing can be lost any more. A mail that did not go out is only logged.
      if (!mailed) console.warn(MAIL_FAILED_LOG);
      void alertSuccess(successAlert(kind, mailed));
      return true;
    } finally {
      inFlight.current = false;
    }
  };

  return { submit, failure };
}

/** A react-hook-form form wired to useSubmission: reset to `empty` once stored, kept otherwise.
 *  `given` is sent with what the person typed (the waitlist's programme, which the page's address
 *  picks), as it is when the form is submitted. `contactFields` name the form's name and email
 *  fields, which start with a signed-in person's own (docs/product.md#forms): filled in only while
 *  empty, so nothing typed is replaced, and editable like any other value. */
export function useSubmissionForm<K extends SubmissionKind>(
  kind: K,
  empty: SubmissionFields[K],
  contactFields: { name: Path<SubmissionFields[K]>; email: Path<SubmissionFields[K]> },
  given?: Partial<SubmissionFields[K]>,
) {
  const { submit, failure } = useSubmission(kind);
  const form = useForm<SubmissionFields[K]>({ defaultValues: empty as DefaultValues<SubmissionFields[K]> });
  const contact = useSignedInContact();
  const { getValues, setValue } = form;
  const name = contact?.name ?? '';
  const email = contact?.email ?? '';
  // Also after a reset: the next message starts with them again.
  const fillContact = useCallback(() => {
    for (const [field, value] of [
      [contactFields.name, name],
      [contactFields.email, email],
    ] as const) {
      if (value && !getValues(field)) setValue(field, value as PathValue<SubmissionFields[K], typeof field>);
    }
  }, [contactFields.name, contactFields.email, name, email, getValues, setValue]);
  useEffect(fillContact, [fillContact]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    form.handleSubmit(async (values) => {
      if (!(await submit({ ...values, ...given }))) return;
      form.reset(empty);
      fillContact();
    })(event);
  /** A typed field's FormField props: its label and kind come from what the form asks for
   *  (FORM_FIELDS, which the function checks against too), its input and checks from the kind; only
   *  the placeholder is the form's own wording. */
  // Read once per render, so that the form re-renders on a new error only, as it did with each
  // field's own errors.<name> (getFieldState would subscribe to dirty and touched fields too).
  const errors: FieldErrors<Record<string, string>> = form.formState.errors;
  const field = (name: Path<SubmissionFields[K]>, placeholder: string): FormFieldProps => {
    const asked = FORM_FIELDS[kind][name];
    if (!asked) throw new Error(`The ${kind} form asks for no field "${name}" (src/data/submission-fields.ts).`);
    return {
      label: asked.label,
      placeholder,
      ...FIELD_INPUTS[asked.kind],
      registration: form.register(name, fieldRules(asked.kind, asked.label)),
      error: errors[name]?.message,
    };
  };
  return { field, frame: { onSubmit, sending: form.formState.isSubmitting, failure } };
}
