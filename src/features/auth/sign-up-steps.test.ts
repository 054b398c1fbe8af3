import { describe, expect, it } from 'vitest';
import { FirebaseSetupError } from '@/firebase/clients';
import { AUTH_ERROR_MESSAGES } from '@/session/auth-errors';
import type { NewUserRecord } from '@/data/users';
import { SIGN_UP_FAILURE_TITLE, SIGN_UP_MESSAGES } from './messages';
import { signUp, type NewAccount, type SignUpServices } from './sign-up-steps';
import type { SignUpValues } from './sign-up-validation';

const CAPTCHA = 'K7QX2PB';

const VALUES: SignUpValues = {
  firstName: ' Grace ',
  lastName: 'Hopper ',
  country: 'GB',
  birthMonth: 'December',
  birthDay: '9',
  birthYear: '1985',
  phone: '020 7946 0958',
  email: ' Grace@Example.com ',
  password: 'secret1',
  confirmPassword: 'secret1',
  verificationMethod: 'call',
  receiveAnnouncements: true,
  receiveAppsMusicTV: false,
  captcha: CAPTCHA.toLowerCase(),
};

const NOW = new Date('2026-05-04T10:20:30.000Z');

/** Services that record each call, in order; `failures` makes a step reject. */
function fakeServices(
  failures: { setup?: unknown; create?: unknown; write?: unknown } = {},
  account?: NewAccount,
  /** What resumeAccount finds: a half-made account, or null (wrong password, or a complete account). */
  resumable: NewAccount | null = null,
) {
  const calls: string[] = [];
  const profiles: { uid: string; profile: NewUserRecord }[] = [];
  const services: SignUpServices = {
    checkSetup: async () => {
      calls.push('checkSetup');
      if (failures.setup) throw failures.setup;
    },
    createAccount: async (email, password) => {
      calls.push(`createAccount ${email} ${password}`);
      if (failures.create) throw failures.create;
      return account ?? { uid: 'u1', email: email.toLowerCase(), emailVerified: false };
    },
    resumeAccount: async (email, password) => {
      calls.push(`resumeAccount ${email} ${password}`);
      return resumable;
    },
    writeProfile: async (uid, profile) => {
      calls.push(`writeProfile ${uid}`);
      if (failures.write) throw failures.write;
      profiles.push({ uid, profile });
    },
    now: () => NOW,
  };
  return { services, calls, profiles };
}

const providerError = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

describe('signUp', () => {
  it('checks the set-up, creates the account, then writes the profile, in that order', async () => {
    const { services, calls, profiles } = fakeServices();
    expect(await signUp(VALUES, CAPTCHA, services)).toEqual({ ok: true });
    expect(calls).toEqual(['checkSetup', 'createAccount Grace@Example.com secret1', 'writeProfile u1']);
    expect(profiles).toEqual([
      {
        uid: 'u1',
        profile: {
          firstName: 'Grace',
          lastName: 'Hopper',
          // As Auth keeps it, not as typed.
          email: 'grace@example.com',
          phoneNumber: '+442079460958',
          country: 'GB',
          birthDate: 'December/9/1985',
          verificationMethod: 'call',
          receiveAnnouncements: true,
          receiveAppsMusicTV: false,
          emailVerified: false,
          createdAt: '2026-05-04T10:20:30.000Z',
        },
      },
    ]);
  });

  it('stores the address as typed (trimmed) when Auth returns none', async () => {
    const { services, profiles } = fakeServices({}, { uid: 'u2', emailVerified: true });
    await signUp(VALUES, CAPTCHA, services);
    expect(profiles[0]).toMatchObject({ uid: 'u2', profile: { email: 'Grace@Example.com', emailVerified: true } });
  });

  it('stops with the setup error, before checking the form, when the clients cannot be created', async () => {
    const { services, calls } = fakeServices({ setup: new FirebaseSetupError() });
    expect(await signUp({ ...VALUES, firstName: '' }, CAPTCHA, services)).toEqual({
      ok: false,
      severity: 'error',
      message: SIGN_UP_MESSAGES.setupError,
      fields: [],
    });
    expect(calls).toEqual(['checkSetup']);
  });

  it('lets any other set-up failure through', async () => {
    const failure = new Error('chunk failed to load');
    const { services, calls } = fakeServices({ setup: failure });
    await expect(signUp(VALUES, CAPTCHA, services)).rejects.toBe(failure);
    expect(calls).toEqual(['checkSetup']);
  });

  it('warns of the first problem with the form and its fields, and creates nothing', async () => {
    const { services, calls } = fakeServices();
    expect(await signUp({ ...VALUES, captcha: 'WRONG00' }, CAPTCHA, services)).toEqual({
      ok: false,
      severity: 'warning',
      message: SIGN_UP_MESSAGES.invalidCaptcha,
      fields: ['captcha'],
    });
    expect(calls).toEqual(['checkSetup']);
  });

  it('reports a refused account as "Error" in plain words and writes no profile', async () => {
    const { services, calls } = fakeServices({ create: providerError('auth/email-already-in-use') });
    expect(await signUp(VALUES, CAPTCHA, services)).toEqual({
      ok: false,
      severity: 'error',
      message: { title: SIGN_UP_FAILURE_TITLE, text: AUTH_ERROR_MESSAGES['auth/email-already-in-use'] },
      fields: [],
    });
    expect(calls).toEqual(['checkSetup', 'createAccount Grace@Example.com secret1', 'resumeAccount Grace@Example.com secret1']);
  });

  it('a retry after a failed profile write finishes that account instead of saying "already in use"', async () => {
    const halfMade = { uid: 'u9', email: 'grace@example.com', emailVerified: false };
    const { services, calls, profiles } = fakeServices({ create: providerError('auth/email-already-in-use') }, undefined, halfMade);
    expect(await signUp(VALUES, CAPTCHA, services)).toEqual({ ok: true });
    expect(calls).toEqual([
      'checkSetup',
      'createAccount Grace@Example.com secret1',
      'resumeAccount Grace@Example.com secret1',
      'writeProfile u9',
    ]);
    expect(profiles[0]).toMatchObject({ uid: 'u9', profile: { email: 'grace@example.com', firstName: 'Grace' } });
  });

  it('never tries to resume after any other refusal', async () => {
    const { services, calls } = fakeServices({ create: providerError('auth/weak-password') }, undefined, {
      uid: 'u9',
      emailVerified: false,
    });
    expect(await signUp(VALUES, CAPTCHA, services)).toMatchObject({
      ok: false,
      message: { text: AUTH_ERROR_MESSAGES['auth/weak-password'] },
    });
    expect(calls).toEqual(['checkSetup', 'createAccount Grace@Example.com secret1']);
  });

  it('reports a failed profile write as "Error" after the account was created', async () => {
    const { services, calls } = fakeServices({ write: providerError('PERMISSION_DENIED') });
    const outcome = await signUp(VALUES, CAPTCHA, services);
    expect(outcome).toMatchObject({ ok: false, severity: 'error', message: { title: SIGN_UP_FAILURE_TITLE }, fields: [] });
    expect(calls).toEqual(['checkSetup', 'createAccount Grace@Example.com secret1', 'writeProfile u1']);
  });
});
