import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { User } from 'firebase/auth';
import { EMAIL_PATTERN, TEXT_LIMITS } from '@/config/data-limits';
import { NEXT_PARAM, safeNextPath, signUpPath } from '@/config/paths';
import { Button } from '@/ui/button';
import { FormField } from '@/ui/form-field';
import { PasswordInput } from '@/ui/password-input';
import { useHydrated } from '@/ui/use-hydrated';
import { authErrorMessage, resetErrorIsSilent, signInErrorMessage } from '@/session/auth-errors';
import { landingPathOf } from './landing';
import { SIGN_IN_MESSAGES } from './messages';
import styles from './auth-form.module.scss';

interface SignInValues {
  email: string;
  password: string;
}

type Notice = { kind: 'error' | 'info'; text: string } | null;

export function SignInForm() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // Sign-up comes back to the same ?next= (read once hydrated, the page is pre-rendered without it).
  const hydrated = useHydrated();
  const next = hydrated ? safeNextPath(searchParams.get(NEXT_PARAM)) : null;
  const signUp = signUpPath(next ?? undefined);
  const [notice, setNotice] = useState<Notice>(null);
  const [resetting, setResetting] = useState(false);
  const { register, handleSubmit, getValues, setError, clearErrors, formState } = useForm<SignInValues>({
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = async ({ email, password }: SignInValues) => {
    clearErrors();
    setNotice(null);
    if (!email.trim() || !password) {
      if (!email.trim()) setError('email', { message: 'Enter your email.' });
      if (!password) setError('password', { message: 'Enter your password.' });
      return setNotice({ kind: 'error', text: SIGN_IN_MESSAGES.missing });
    }
    let user: User;
    try {
      const { signIn, afterSignIn } = await import('./auth-api');
      user = await signIn(email.trim(), password);
      afterSignIn(user);
    } catch (error) {
      return setNotice({ kind: 'error', text: signInErrorMessage(error) });
    }
    navigate(safeNextPath(searchParams.get(NEXT_PARAM)) ?? (await landingPathOf(user)), { replace: true });
  };

  const onForgotPassword = async () => {
    clearErrors();
    const email = getValues('email').trim();
    if (!EMAIL_PATTERN.test(email)) {
      setError('email', { message: SIGN_IN_MESSAGES.invalidEmail }, { shouldFocus: true });
      return setNotice({ kind: 'error', text: SIGN_IN_MESSAGES.resetNeedsEmail });
    }
    setResetting(true);
    try {
      const { sendPasswordReset } = await import('./auth-api');
      await sendPasswordReset(email);
      setNotice({ kind: 'info', text: SIGN_IN_MESSAGES.resetSent(email) });
    } catch (error) {
      if (resetErrorIsSilent(error)) setNotice({ kind: 'info', text: SIGN_IN_MESSAGES.resetSent(email) });
      else setNotice({ kind: 'error', text: authErrorMessage(error) });
    } finally {
      setResetting(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Sign in">
      {/* Always there, a line high: the page is pre-rendered without ?next=, and a line that came
          with hydration would push the form down under a click already on its way. */}
      <p role="status" className={styles.continue}>
        {next && SIGN_IN_MESSAGES.signInToContinue}
      </p>
      <div role="alert" className={notice ? (notice.kind === 'error' ? styles.summary : styles.info) : undefined}>
        {notice?.text}
      </div>
      <FormField label="Email" error={errors.email?.message}>
        {(control) => (
          <input {...control} {...register('email')} type="email" required autoComplete="email" maxLength={TEXT_LIMITS.email} />
        )}
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        {(control) => <PasswordInput {...control} {...register('password')} required autoComplete="current-password" />}
      </FormField>
      <div className={styles.actions}>
        <Button type="submit" busy={isSubmitting}>
          {isSubmitting ? 'Signing in…' : 'Sign in'}
        </Button>
        <Button variant="ghost" onClick={onForgotPassword} busy={resetting}>
          Forgot password?
        </Button>
      </div>
      <p className={styles.small}>
        New here? <Link to={signUp}>Create an account</Link>
      </p>
    </form>
  );
}
