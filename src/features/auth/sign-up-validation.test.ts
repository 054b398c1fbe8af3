import { describe, expect, it } from 'vitest';
import { SIGN_UP_MESSAGES } from './messages';
import { storedPhoneNumber, validateSignUp, type SignUpValues } from './sign-up-validation';

const CODE = 'AC34EF7';
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
  captcha: 'ac34ef7',
};
const check = (changes: Partial<SignUpValues>) => validateSignUp({ ...valid, ...changes }, CODE);

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

  it.each(['12', '12345678901234567890', '619-CALL-ME', '619555012', '61955501234', '1234567890'])(
    'refuses the US phone number %s before the email (+1: exactly 10 digits, and a real number)',
    (phone) => {
      expect(check({ phone, email: 'bad' })?.message).toBe(SIGN_UP_MESSAGES.invalidPhone);
    },
  );

  it('checks a non-US number with libphonenumber, not by its length', () => {
    expect(check({ country: 'GB', phone: '020 7946 0958' })).toBeNull();
    expect(check({ country: 'DE', phone: '030 901820' })).toBeNull();
    expect(check({ country: 'GB', phone: '6195550123' })?.message).toBe(SIGN_UP_MESSAGES.invalidPhone);
  });

  it('then the email shape, before the password', () => {
    expect(check({ email: 'ada@example', password: '1' })?.message).toBe(SIGN_UP_MESSAGES.invalidEmail);
  });

  it('then the password length (6), before the captcha', () => {
    expect(check({ password: '12345', confirmPassword: '12345', captcha: '' })?.message).toBe(SIGN_UP_MESSAGES.weakPassword);
    expect(check({ password: '123456', confirmPassword: '123456' })).toBeNull();
  });

  it('then an empty captcha, before a wrong one and before the mismatch (docs/decisions/0008-fix-evident-spec-defects.md)', () => {
    expect(check({ captcha: ' ', confirmPassword: 'other1' })?.message).toBe(SIGN_UP_MESSAGES.captchaRequired);
    expect(check({ captcha: 'AC34EF9', confirmPassword: 'other1' })?.message).toBe(SIGN_UP_MESSAGES.invalidCaptcha);
  });

  it('and the confirmation last', () => {
    expect(check({ confirmPassword: 'secret2' })).toEqual({
      message: SIGN_UP_MESSAGES.passwordMismatch,
      fields: ['confirmPassword'],
    });
  });
});

describe('storedPhoneNumber', () => {
  it('stores the number with its dial code as E.164', () => {
    expect(storedPhoneNumber({ country: 'US', phone: '619 555-0123' })).toBe('+16195550123');
    expect(storedPhoneNumber({ country: 'GB', phone: '(020) 7946-0018' })).toBe('+442079460018');
    expect(storedPhoneNumber({ country: 'ZZ', phone: '6195550123' })).toBeUndefined();
  });
});
