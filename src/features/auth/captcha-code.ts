/** The sign-up captcha's code: 7 random upper-case letters and digits (spec sections 5 and 9). */
export const CAPTCHA_LENGTH = 7;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export function generateCaptchaCode(): string {
  const values = crypto.getRandomValues(new Uint32Array(CAPTCHA_LENGTH));
  return Array.from(values, (value) => ALPHABET[value % ALPHABET.length]).join('');
}

/** Case-insensitive, ignoring spaces around what was typed. */
export function captchaMatches(typed: string, code: string): boolean {
  return typed.trim().toUpperCase() === code.toUpperCase();
}
