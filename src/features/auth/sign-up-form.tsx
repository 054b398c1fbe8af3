import { useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { MONTHS, TEXT_LIMITS, VERIFICATION_METHODS } from '@/config/data-limits';
import { externalLinks } from '@/config/external-links';
import { NEXT_PARAM, paths, safeNextPath, signInPath } from '@/config/paths';
import { alertError, alertSuccess, alertWarning, type AlertMessage } from '@/ui/alerts';
import { Button } from '@/ui/button';
import { useHydrated } from '@/ui/use-hydrated';
import { DEFAULT_COUNTRY_CODE, defaultCountryOnly, listCountries } from '@/data/countries';
import { FormField } from '@/ui/form-field';
import { Captcha } from './captcha';
import { generateCaptchaCode } from './captcha-code';
import { BIRTHDAY_HELP, SIGN_UP_MESSAGES } from './messages';
import { firebaseSignUpServices } from './sign-up-api';
import { signUp } from './sign-up-steps';
import type { SignUpField, SignUpValues } from './sign-up-validation';
import styles from './auth-form.module.scss';

/** docs/product.md#limits: birth years from this year back 126 years; days 1-31 whatever the month. */
const BIRTH_YEAR_SPAN = 126;
const DAYS = Array.from({ length: 31 }, (_, i) => String(i + 1));

const DEFAULT_VALUES: SignUpValues = {
  firstName: '',
  lastName: '',
  country: DEFAULT_COUNTRY_CODE,
  birthMonth: '',
  birthDay: '',
  birthYear: '',
  phone: '',
  email: '',
  password: '',
  confirmPassword: '',
  verificationMethod: 'text',
  receiveAnnouncements: false,
  receiveAppsMusicTV: false,
  captcha: '',
};

/** The spec's 10 characters hold for +1 numbers only (src/data/phone-number.ts). */
function phoneHint(dialCode: string): string {
  const added = `Your country's dial code ${dialCode} is added for you.`;
  return dialCode === '+1' ? `10 digits. ${added}` : added;
}

/** After sign-up (docs/decisions/0010-after-sign-up-and-links.md): where the person was headed
 *  (?next=, e.g. the thank-you page whose checkout joins the new account,
 *  docs/decisions/0110-guest-orders-by-proof-of-purchase.md), else the Space manager site when
 *  configured, else /dashboard. */
function useGoOn() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get(NEXT_PARAM));
  return () => {
    if (next) navigate(next);
    else if (externalLinks.spaceManager) window.location.assign(externalLinks.spaceManager);
    else navigate(paths.dashboard);
  };
}

export function SignUpForm() {
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  // Where sign-in would come back to: the same ?next= (read once hydrated, the page is pre-rendered without it).
  const signIn = hydrated ? signInPath(safeNextPath(searchParams.get(NEXT_PARAM)) ?? undefined) : paths.signIn;
  const countries = useMemo(() => (hydrated ? listCountries() : defaultCountryOnly()), [hydrated]);
  const birthdayParts = useMemo(() => {
    const year = new Date().getFullYear();
    const years = Array.from({ length: BIRTH_YEAR_SPAN + 1 }, (_, i) => String(year - i));
    return [
      { name: 'birthMonth', label: 'Month', options: MONTHS, autoComplete: 'bday-month' },
      { name: 'birthDay', label: 'Day', options: DAYS, autoComplete: 'bday-day' },
      { name: 'birthYear', label: 'Year', options: years, autoComplete: 'bday-year' },
    ] as const;
  }, []);
  // Shown once hydrated: a random code cannot be part of the pre-rendered page.
  const [drawnCode, setCaptchaCode] = useState(generateCaptchaCode);
  const captchaCode = hydrated ? drawnCode : '';
  const [summary, setSummary] = useState<AlertMessage | null>(null);
  const goOn = useGoOn();
  const birthdayHelpId = useId();
  const { register, handleSubmit, control, setError, clearErrors, setFocus, formState } = useForm<SignUpValues>({
    defaultValues: DEFAULT_VALUES,
  });
  const { errors, isSubmitting } = formState;
  const country = useWatch({ control, name: 'country' });
  const dialCode = countries.find((c) => c.code === country)?.dialCode ?? '';

  /** Shows the problem in the dialog, in the form's alert region and beside its fields. The
   *  submit ends at once (the button is usable again); focus goes to the field once the dialog
   *  closes. */
  const fail = (message: AlertMessage, show: typeof alertError, fields: SignUpField[] = []) => {
    setSummary(message);
    fields.forEach((field) => setError(field, { message: message.text }));
    void show(message).then(() => fields[0] && setFocus(fields[0]));
  };

  const onSubmit = async (values: SignUpValues) => {
    clearErrors();
    setSummary(null);
    const outcome = await signUp(values, captchaCode, firebaseSignUpServices);
    if (!outcome.ok) return fail(outcome.message, outcome.severity === 'warning' ? alertWarning : alertError, outcome.fields);
    await alertSuccess(SIGN_UP_MESSAGES.welcome);
    goOn();
  };

  const field = (name: SignUpField) => register(name);
  const errorOf = (name: SignUpField) => errors[name]?.message;

  return (
    <form className={styles.form} onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Create your account">
      <div role="alert" className={summary ? styles.summary : undefined}>
        {summary && (
          <>
            <strong>{summary.title}.</strong> {summary.text}
          </>
        )}
      </div>

      <div className={styles.row}>
        <FormField label="First name" error={errorOf('firstName')}>
          {(control) => (
            <input {...control} {...field('firstName')} required autoComplete="given-name" maxLength={TEXT_LIMITS.personName} />
          )}
        </FormField>
        <FormField label="Last name" error={errorOf('lastName')}>
          {(control) => (
            <input {...control} {...field('lastName')} required autoComplete="family-name" maxLength={TEXT_LIMITS.personName} />
          )}
        </FormField>
      </div>

      <FormField label="Country" error={errorOf('country')}>
        {(control) => (
          <select {...control} {...field('country')} required autoComplete="country">
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
                <select {...control} {...field(name)} required autoComplete={autoComplete}>
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
            <input {...control} {...field('phone')} type="tel" required autoComplete="tel-national" inputMode="tel" />
          </div>
        )}
      </FormField>

      <FormField label="Email" error={errorOf('email')}>
        {(control) => <input {...control} {...field('email')} type="email" required autoComplete="email" maxLength={TEXT_LIMITS.email} />}
      </FormField>

      <div className={styles.row}>
        <FormField label="Password" error={errorOf('password')}>
          {(control) => <input {...control} {...field('password')} type="password" required autoComplete="new-password" />}
        </FormField>
        <FormField label="Confirm password" error={errorOf('confirmPassword')}>
          {(control) => <input {...control} {...field('confirmPassword')} type="password" required autoComplete="new-password" />}
        </FormField>
      </div>

      <fieldset className={styles.group}>
        <legend className={styles.label}>Verification method</legend>
        <div className={styles.choices}>
          {VERIFICATION_METHODS.map((method) => (
            <label key={method} className={styles.choice}>
              <input type="radio" value={method} {...field('verificationMethod')} required />
              {method === 'text' ? 'Text message' : 'Phone call'}
            </label>
          ))}
        </div>
      </fieldset>

      <div className={styles.choicesColumn}>
        <label className={styles.choice}>
          <input type="checkbox" {...field('receiveAnnouncements')} />
          Receive announcements, recommendations and updates
        </label>
        <label className={styles.choice}>
          <input type="checkbox" {...field('receiveAppsMusicTV')} />
          Receive news about apps, music, TV and more
        </label>
      </div>

      <Captcha code={captchaCode} onNewCode={() => setCaptchaCode(generateCaptchaCode())} />
      <FormField label="Type the code shown above" error={errorOf('captcha')} hint="Upper or lower case, either works.">
        {(control) => (
          <input {...control} {...field('captcha')} required autoComplete="off" autoCapitalize="characters" spellCheck={false} />
        )}
      </FormField>

      <p className={styles.small}>
        By creating an account you agree to how we handle your data, described in our <Link to={paths.privacyPolicy}>privacy policy</Link>.
      </p>
      <Button type="submit" busy={isSubmitting}>
        {isSubmitting ? 'Creating your account…' : 'Create account'}
      </Button>
      <p className={styles.small}>
        Already have an account? <Link to={signIn}>Sign in</Link>
      </p>
    </form>
  );
}
