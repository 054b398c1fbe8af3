import type { WaitlistProgramme } from '@/config/waitlist-programmes';
import { FormField } from './form-field';
import { SubmissionForm } from './submission-form';
import { useSubmissionForm } from './use-submission';

interface JoinListFormProps {
  kind: 'waitlist' | 'preorder';
  /** Accessible name of the form. */
  label: string;
  submitLabel: string;
  /** The waitlist joined (waitlist only), stored and mailed with the two fields. */
  programme?: WaitlistProgramme;
}

/** Full name and email: the waitlist and the Space pre-order form (the function mails the person
 *  a confirmation). */
export function JoinListForm({ kind, label, submitLabel, programme }: JoinListFormProps) {
  const { field, frame } = useSubmissionForm(
    kind,
    { full__name: '', email: '' },
    { name: 'full__name', email: 'email' },
    programme ? { programme } : undefined,
  );
  return (
    <SubmissionForm label={label} submitLabel={submitLabel} {...frame}>
      <FormField {...field('full__name', 'Full Name')} />
      <FormField {...field('email', 'Email')} />
    </SubmissionForm>
  );
}
