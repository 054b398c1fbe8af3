import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { TEXT_LIMITS } from '@/config/data-limits';
import { externalLinks } from '@/config/external-links';
import { NEXT_PARAM, paths, safeNextPath, signInPath } from '@/config/paths';
import { alertError, alertSuccess, alertWarning, type AlertMessage } from '@/ui/alerts';
import { Button } from '@/ui/button';
import { useHydrated } from '@/ui/use-hydrated';
import { defaultCountryOnly, listCountries } from '@/data/countries';
import { FormField } from '@/ui/form-field';
import { PasswordInput } from '@/ui/password-input';
import { Captcha } from './captcha';
import { generateCaptchaCode } from './captcha-code';
import { SIGN_UP_MESSAGES } from './messages';
import { ChoiceFields, PersonFields } from './profile-fields';
import { firebaseSignUpServices } from './sign-up-api';
import { signUp } from './sign-up-steps';
import { SIGN_UP_DEFAULTS, type SignUpField, type SignUpValues } from './sign-up-validation';
import styles from './auth-form.module.scss';

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
  // Shown once hydrated: a random code cannot be part of the pre-rendered page.
  const [drawnCode, setCaptchaCode] = useState(generateCaptchaCode);
  const captchaCode = hydrated ? drawnCode : '';
  const [summary, setSummary] = useState<AlertMessage | null>(null);
  const goOn = useGoOn();
  const { register, handleSubmit, control, setError, clearErrors, setFocus, formState } = useForm<SignUpValues>({
    defaultValues: SIGN_UP_DEFAULTS,
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

      <PersonFields register={register} errorOf={errorOf} countries={countries} dialCode={dialCode} />

      <FormField label="Email" error={errorOf('email')}>
        {(control) => <input {...control} {...field('email')} type="email" required autoComplete="email" maxLength={TEXT_LIMITS.email} />}
      </FormField>

      <div className={styles.row}>
        <FormField label="Password" error={errorOf('password')}>
          {(control) => <PasswordInput {...control} {...field('password')} required autoComplete="new-password" />}
        </FormField>
        <FormField label="Confirm password" error={errorOf('confirmPassword')}>
          {(control) => <PasswordInput {...control} {...field('confirmPassword')} required autoComplete="new-password" />}
        </FormField>
      </div>

      <ChoiceFields register={register} />

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
