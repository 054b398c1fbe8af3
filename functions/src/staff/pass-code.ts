/** The code of a Space beta-tester pass: 128 random bits in RFC 4648 base 32 without padding
 *  (26 characters of A–Z and 2–7), so it can neither be guessed nor listed
 *  (docs/decisions/0108-staff-console.md). */
import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function newPassCode(): string {
  return base32(randomBytes(16));
}
