import type { WaitlistProgramme } from '@/config/waitlist-programmes';
import { FormField } from './form-field';
import { SubmissionForm } from './submission-form';
import { useSubmissionForm } from './use-submission';
import { fieldRules } from './validation';

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
  const { register, errors, frame } = useSubmissionForm(kind, { full__name: '', email: '' }, programme ? { programme } : undefined);
  return (
    <SubmissionForm label={label} submitLabel={submitLabel} {...frame}>
      <FormField
        label="Full name"
        placeholder="Full Name"
        autoComplete="name"
        registration={register('full__name', fieldRules.fullName('Full name'))}
        error={errors.full__name?.message}
      />
      <FormField
        label="Email"
        type="email"
        placeholder="Email"
        autoComplete="email"
        registration={register('email', fieldRules.email('Email'))}
        error={errors.email?.message}
      />
    </SubmissionForm>
  );
}
