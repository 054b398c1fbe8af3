import type { User } from 'firebase/auth';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { listCountries } from '@/data/countries';
import { createUserRecord } from '@/firebase/users-api';
import { withinServerWait } from '@/firebase/connection';
import { authErrorMessage } from '@/session/auth-errors';
import type { AlertMessage } from '@/ui/alerts';
import { Button } from '@/ui/button';
import { COMPLETE_PROFILE_MESSAGES } from './messages';
import { ChoiceFields, PersonFields } from './profile-fields';
import { newUserProfile } from './sign-up-steps';
import { SIGN_UP_DEFAULTS, validateProfileFields, type SignUpField, type SignUpValues } from './sign-up-validation';
import styles from './auth-form.module.scss';

/** What is known of the person before they type: the name Auth may hold. */
function prefilled(user: User): SignUpValues {
  const [firstName = '', ...rest] = (user.displayName ?? '').trim().split(/\s+/);
  return { ...SIGN_UP_DEFAULTS, firstName, lastName: rest.join(' '), email: user.email ?? '' };
}

/**
 * The sign-up's profile fields for an account that has none (its profile write failed): the email
 * is Auth's and shown, not asked; saving creates users/<uid> as sign-up would have
 * (docs/decisions/0122-half-made-accounts-and-visitor-words.md). A failed save keeps what was typed.
 */
export function CompleteProfileForm({
  user,
  onSaving,
  onDone,
}: {
  user: User;
  /** Called with true as the save starts and false when it fails: the database shows its own
   *  write at once, before the server has it, and the page must not take that for done. */
  onSaving: (saving: boolean) => void;
  onDone: () => void;
}) {
  const countries = useMemo(() => listCountries(), []);
  const [summary, setSummary] = useState<AlertMessage | null>(null);
  const { register, handleSubmit, control, setError, clearErrors, setFocus, formState } = useForm<SignUpValues>({
    defaultValues: prefilled(user),
  });
  const { errors, isSubmitting } = formState;
  const country = useWatch({ control, name: 'country' });
  const dialCode = countries.find((c) => c.code === country)?.dialCode ?? '';
  const errorOf = (name: SignUpField) => errors[name]?.message;

  const onSubmit = async (values: SignUpValues) => {
    clearErrors();
    setSummary(null);
    const problem = validateProfileFields(values);
    if (problem) {
      setSummary(problem.message);
      problem.fields.forEach((field) => setError(field, { message: problem.message.text }));
      if (problem.fields[0]) setFocus(problem.fields[0]);
      return;
    }
    const email = user.email ?? '';
    onSaving(true);
    try {
      await withinServerWait(createUserRecord(user.uid, newUserProfile(values, user, email, new Date())));
    } catch (error) {
      onSaving(false);
      setSummary({ title: COMPLETE_PROFILE_MESSAGES.failureTitle, text: authErrorMessage(error) });
      return;
    }
    onDone();
  };

  return (
    <form className={styles.form} onSubmit={handleSubmit(onSubmit)} noValidate aria-label={COMPLETE_PROFILE_MESSAGES.formName}>
      <div role="alert" className={summary ? styles.summary : undefined}>
        {summary && (
          <>
            <strong>{summary.title}.</strong> {summary.text}
          </>
        )}
      </div>
      <p className={styles.small}>
        Email: <strong>{user.email}</strong>
      </p>
      <PersonFields register={register} errorOf={errorOf} countries={countries} dialCode={dialCode} />
      <ChoiceFields register={register} />
      <Button type="submit" busy={isSubmitting}>
        {isSubmitting ? 'Saving your profile…' : 'Save and continue'}
      </Button>
    </form>
  );
}
