/** The sign-up captcha's code: 7 random upper-case letters and digits (docs/product.md#sign-up-checks). */
export const CAPTCHA_LENGTH = 7;

/** Characters that cannot be mistaken for one another when drawn with a slant: none of 0/O/Q/D,
 *  1/I/L/J/T, 2/Z, 5/S, 6/G, 8/B, U/V (7 stays: with 1, I and T gone nothing resembles it).
 *  17 characters still give 4 × 10⁸ codes of 7. */
export const CAPTCHA_ALPHABET = 'ACEFHKMNPRWXY3479';

/** How each character is read aloud, NATO style for the letters, so that similar sounds (M/N, F/S)
 *  stay apart. */
export const SPOKEN_CHARACTERS: Readonly<Record<string, string>> = {
  A: 'A, as in Alfa',
  C: 'C, as in Charlie',
  E: 'E, as in Echo',
  F: 'F, as in Foxtrot',
  H: 'H, as in Hotel',
  K: 'K, as in Kilo',
  M: 'M, as in Mike',
  N: 'N, as in November',
  P: 'P, as in Papa',
  R: 'R, as in Romeo',
  W: 'W, as in Whiskey',
  X: 'X, as in X-ray',
  Y: 'Y, as in Yankee',
  3: 'the digit 3',
  4: 'the digit 4',
  7: 'the digit 7',
  9: 'the digit 9',
};

export function generateCaptchaCode(): string {
  const values = crypto.getRandomValues(new Uint32Array(CAPTCHA_LENGTH));
  return Array.from(values, (value) => CAPTCHA_ALPHABET[value % CAPTCHA_ALPHABET.length]).join('');
}

/** Case-insensitive, ignoring spaces around what was typed. */
export function captchaMatches(typed: string, code: string): boolean {
  return typed.trim().toUpperCase() === code.toUpperCase();
}
