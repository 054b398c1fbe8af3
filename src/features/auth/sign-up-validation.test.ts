import { describe, expect, it } from 'vitest';
import { SIGN_UP_MESSAGES } from './messages';
import { fullPhoneNumber, validateSignUp, type SignUpValues } from './sign-up-validation';

const CODE = 'AB12CD3';
const valid: SignUpValues = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  country: 'US',
  birthMonth: 'December',
  birthDay: '10',
  birthYear: '1990',
  phone: '619 555-0123',
  email: 'ada@example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
  verificationMethod: 'text',
  receiveAnnouncements: false,
  receiveAppsMusicTV: false,
  captcha: 'ab12cd3',
};
const check = (changes: Partial<SignUpValues>) => validateSignUp({ ...valid, ...changes }, CODE, '+1');

describe('validateSignUp', () => {
  it('accepts a complete form, the captcha in any case', () => {
    expect(check({})).toBeNull();
  });

  it.each(['firstName', 'lastName', 'country', 'birthMonth', 'birthDay', 'birthYear', 'phone'] as const)(
    'reports a missing %s first, whatever else is wrong',
    (field) => {
      const problem = check({ [field]: '  ', email: 'bad', password: '1', captcha: '' });
      expect(problem).toEqual({ message: SIGN_UP_MESSAGES.missingInformation, fields: [field] });
    },
  );

  it('lists every missing field', () => {
    expect(check({ firstName: '', phone: '' })?.fields).toEqual(['firstName', 'phone']);
  });

  it.each(['12', '12345678901234567890', '619-CALL-ME'])('refuses the phone number %s before the email', (phone) => {
    expect(check({ phone, email: 'bad' })?.message).toBe(SIGN_UP_MESSAGES.invalidPhone);
  });

  it('then the email shape, before the password', () => {
    expect(check({ email: 'ada@example', password: '1' })?.message).toBe(SIGN_UP_MESSAGES.invalidEmail);
  });

  it('then the password length (6), before the captcha', () => {
    expect(check({ password: '12345', confirmPassword: '12345', captcha: '' })?.message).toBe(SIGN_UP_MESSAGES.weakPassword);
    expect(check({ password: '123456', confirmPassword: '123456' })).toBeNull();
  });

  it('then an empty captcha, before a wrong one and before the mismatch (decision 6)', () => {
    expect(check({ captcha: ' ', confirmPassword: 'other1' })?.message).toBe(SIGN_UP_MESSAGES.captchaRequired);
    expect(check({ captcha: 'AB12CD4', confirmPassword: 'other1' })?.message).toBe(SIGN_UP_MESSAGES.invalidCaptcha);
  });

  it('and the confirmation last', () => {
    expect(check({ confirmPassword: 'secret2' })).toEqual({
      message: SIGN_UP_MESSAGES.passwordMismatch,
      fields: ['confirmPassword'],
    });
  });
});

describe('fullPhoneNumber', () => {
  it('puts the dial code before the digits typed', () => {
    expect(fullPhoneNumber('+44', '(020) 7946-0018')).toBe('+44 02079460018');
  });
});
