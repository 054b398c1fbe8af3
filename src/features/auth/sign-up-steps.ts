/**
 * What happens when the sign-up form is submitted, in the required order (docs/product.md#sign-up-flow):
 * the clients must exist (a setup error otherwise), the form must be valid (docs/product.md#sign-up-checks), then the
 * account is created, its verification email sent and its profile written. The services each step
 * calls are passed in, so the order and the failures can be tested without Firebase; the form
 * passes `firebaseSignUpServices` (sign-up-api.ts).
 */
import type { NewUserRecord } from '@/data/users';
import { FirebaseSetupError } from '@/firebase/clients';
import type { AlertMessage } from '@/ui/alerts';
import { authErrorCode, authErrorMessage } from '@/session/auth-errors';
import { SIGN_UP_FAILURE_TITLE, SIGN_UP_MESSAGES } from './messages';
import { storedPhoneNumber, validateSignUp, type SignUpField, type SignUpValues } from './sign-up-validation';

/** What the profile needs of the account Auth created. */
export interface NewAccount {
  uid: string;
  email?: string | null;
  emailVerified: boolean;
}

export interface SignUpServices {
  /** Resolves once the Auth and Database clients exist; rejects with FirebaseSetupError when the
   *  build has no Firebase configuration. */
  checkSetup(): Promise<void>;
  /** Creates the account, which signs it in, and sends its verification email (steps 2 and 3:
   *  auth-api's createAccount does both). */
  createAccount(email: string, password: string): Promise<NewAccount>;
  /** When the address already has an account: signs in with the password and resolves with the
   *  account if it has no profile yet (an earlier attempt stopped after creating it), else null. */
  resumeAccount(email: string, password: string): Promise<NewAccount | null>;
  /** Writes users/{uid} (step 4). */
  writeProfile(uid: string, profile: NewUserRecord): Promise<void>;
  now(): Date;
}

/** Done, or what to tell the person: shown as a warning (a problem with what was typed, marked on
 *  `fields`) or as an error. */
export type SignUpOutcome = { ok: true } | { ok: false; severity: 'warning' | 'error'; message: AlertMessage; fields: SignUpField[] };

/** Runs the steps; the first that fails ends the run and none after it is tried. */
export async function signUp(values: SignUpValues, captchaCode: string, services: SignUpServices): Promise<SignUpOutcome> {
  try {
    await services.checkSetup();
  } catch (error) {
    if (error instanceof FirebaseSetupError) return { ok: false, severity: 'error', message: SIGN_UP_MESSAGES.setupError, fields: [] };
    throw error;
  }
  const problem = validateSignUp(values, captchaCode);
  if (problem) return { ok: false, severity: 'warning', message: problem.message, fields: problem.fields };

  try {
    const email = values.email.trim();
    const account = await createOrResume(services, email, values.password);
    await services.writeProfile(account.uid, newUserProfile(values, account, email, services.now()));
  } catch (error) {
    return { ok: false, severity: 'error', message: { title: SIGN_UP_FAILURE_TITLE, text: authErrorMessage(error) }, fields: [] };
  }
  return { ok: true };
}

/** A retry after a failed profile write finishes that account instead of saying "already in use"
 *  (docs/decisions/0122-half-made-accounts-and-visitor-words.md). */
async function createOrResume(services: SignUpServices, email: string, password: string): Promise<NewAccount> {
  try {
    return await services.createAccount(email, password);
  } catch (error) {
    if (authErrorCode(error) !== 'auth/email-already-in-use') throw error;
    const resumed = await services.resumeAccount(email, password);
    if (!resumed) throw error;
    return resumed;
  }
}

/** The profile fields of sign-up, also asked by "Complete your profile". */
export type ProfileValues = Omit<SignUpValues, 'email' | 'password' | 'confirmPassword' | 'captcha'>;

/** users/{uid} as sign-up (and "Complete your profile") writes it. */
export function newUserProfile(values: ProfileValues, account: NewAccount, email: string, now: Date): NewUserRecord {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    // The rules want the account's address exactly as Auth keeps it (it may change the case).
    email: account.email ?? email,
    // validateSignUp has refused a number that cannot be stored.
    phoneNumber: storedPhoneNumber(values)!,
    country: values.country,
    birthDate: `${values.birthMonth}/${values.birthDay}/${values.birthYear}`,
    verificationMethod: values.verificationMethod,
    receiveAnnouncements: values.receiveAnnouncements,
    receiveAppsMusicTV: values.receiveAppsMusicTV,
    emailVerified: account.emailVerified,
    createdAt: now.toISOString(),
  };
}
