/** The profile fields of sign-up, shared with "Complete your profile": who the person is (name,
 *  country, birthday, phone) and how they want to hear from us (verification method, the two
 *  marketing choices). Both forms hold SignUpValues in react-hook-form. */
import { useId, useMemo } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import { MONTHS, TEXT_LIMITS, VERIFICATION_METHODS } from '@/config/data-limits';
import type { Country } from '@/data/countries';
import { CONSENT_FIELDS, CONSENT_LABELS } from '@/data/users';
import { FormField } from '@/ui/form-field';
import { BIRTHDAY_HELP } from './messages';
import type { SignUpField, SignUpValues } from './sign-up-validation';
import styles from './auth-form.module.scss';

/** docs/product.md#limits: birth years from this year back 126 years; days 1-31 whatever the month. */
const BIRTH_YEAR_SPAN = 126;
const DAYS = Array.from({ length: 31 }, (_, i) => String(i + 1));

/** The spec's 10 characters hold for +1 numbers only (src/data/phone-number.ts). */
function phoneHint(dialCode: string): string {
  const added = `Your country's dial code ${dialCode} is added for you.`;
  return dialCode === '+1' ? `10 digits. ${added}` : added;
}

interface FieldsProps {
  register: UseFormRegister<SignUpValues>;
  errorOf: (name: SignUpField) => string | undefined;
}

/** Name, country, birthday and phone number. */
export function PersonFields({
  register,
  errorOf,
  countries,
  dialCode,
}: FieldsProps & { countries: readonly Country[]; dialCode: string }) {
  const birthdayHelpId = useId();
  const birthdayParts = useMemo(() => {
    const year = new Date().getFullYear();
    const years = Array.from({ length: BIRTH_YEAR_SPAN + 1 }, (_, i) => String(year - i));
    return [
      { name: 'birthMonth', label: 'Month', options: MONTHS, autoComplete: 'bday-month' },
      { name: 'birthDay', label: 'Day', options: DAYS, autoComplete: 'bday-day' },
      { name: 'birthYear', label: 'Year', options: years, autoComplete: 'bday-year' },
    ] as const;
  }, []);

  return (
    <>
      <div className={styles.row}>
        <FormField label="First name" error={errorOf('firstName')}>
          {(control) => (
            <input {...control} {...register('firstName')} required autoComplete="given-name" maxLength={TEXT_LIMITS.personName} />
          )}
        </FormField>
        <FormField label="Last name" error={errorOf('lastName')}>
          {(control) => (
            <input {...control} {...register('lastName')} required autoComplete="family-name" maxLength={TEXT_LIMITS.personName} />
          )}
        </FormField>
      </div>

      <FormField label="Country" error={errorOf('country')}>
        {(control) => (
          <select {...control} {...register('country')} required autoComplete="country">
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name} ({country.dialCode})
              </option>
            ))}
          </select>
        )}
      </FormField>

      <fieldset className={styles.group} aria-describedby={birthdayHelpId}>
        <legend className={styles.label}>Birthday</legend>
        <div className={styles.row3}>
          {birthdayParts.map(({ name, label, options, autoComplete }) => (
            <FormField key={name} label={label} error={errorOf(name)}>
              {(control) => (
                <select {...control} {...register(name)} required autoComplete={autoComplete}>
                  <option value="">{label}</option>
                  {options.map((option) => (
                    <option key={option}>{option}</option>
                  ))}
                </select>
              )}
            </FormField>
          ))}
        </div>
        <p id={birthdayHelpId} className={styles.hint}>
          {BIRTHDAY_HELP}
        </p>
      </fieldset>

      <FormField label="Phone number" error={errorOf('phone')} hint={phoneHint(dialCode)}>
        {(control) => (
          <div className={styles.phone}>
            <span className={styles.dialCode} aria-hidden="true">
              {dialCode}
            </span>
            <input {...control} {...register('phone')} type="tel" required autoComplete="tel-national" inputMode="tel" />
          </div>
        )}
      </FormField>
    </>
  );
}

/** The verification method and the two marketing choices. */
export function ChoiceFields({ register }: Pick<FieldsProps, 'register'>) {
  return (
    <>
      <fieldset className={styles.group}>
        <legend className={styles.label}>Verification method</legend>
        <div className={styles.choices}>
          {VERIFICATION_METHODS.map((method) => (
            <label key={method} className={styles.choice}>
              <input type="radio" value={method} {...register('verificationMethod')} required />
              {method === 'text' ? 'Text message' : 'Phone call'}
            </label>
          ))}
        </div>
      </fieldset>

      <div className={styles.choicesColumn}>
        {CONSENT_FIELDS.map((name) => (
          <label key={name} className={styles.choice}>
            <input type="checkbox" {...register(name)} />
            {CONSENT_LABELS[name]}
          </label>
        ))}
      </div>
    </>
  );
}
