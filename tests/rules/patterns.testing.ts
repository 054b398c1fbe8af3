// Candidate strings for the patterns of src/config/data-limits.ts. Whether a candidate must be
// accepted is decided by the pattern in data-limits.ts itself, so when a pattern changes there and
// database.rules.json does not follow, a candidate flips and its test fails.
import { EMAIL_PATTERN, PHONE_PATTERN, TEXT_LIMITS } from '../../src/config/data-limits';
import { E164_PATTERN } from '../../src/data/phone-number';

export interface PatternCase {
  label: string;
  value: string;
  /** What data-limits.ts says about the value. */
  accepted: boolean;
}

function cases(pattern: RegExp, values: string[]): PatternCase[] {
  return values.map((value) => ({ label: JSON.stringify(value), value, accepted: pattern.test(value) }));
}

export const EMAIL_CASES: PatternCase[] = cases(EMAIL_PATTERN, [
  'ada@example.com',
  'first.last+tag@mail.example.org',
  'a@b.c',
  'UPPER@EXAMPLE.COM',
  'x_y-z@sub-domain.example.co.uk',
  'plainaddress',
  'missing-at.example.com',
  'a@b',
  '@example.com',
  'ada@',
  'ada@@example.com',
  'ada@exa@mple.com',
  'ada lovelace@example.com',
  'ada@example .com',
  'ada@example.com ',
  ' ada@example.com',
  'ada\t@example.com',
  'ada@example.',
  'ada@.com',
]);

export const PHONE_CASES: PatternCase[] = cases(PHONE_PATTERN, [
  '5551234567',
  '+15551234567',
  '+1 555-123-4567',
  '+1 (555) 123-4567',
  '020 7946 0958',
  '1 (555) 1234',
  '(555) 123-4567',
  '+(1) 5551234',
  '++15551234567',
  '+ 15551234567',
  '-5551234567',
  '555.123.4567',
  '555-CALL-NOW',
  '5551234567 ext 2',
  '+1 555 123 456#',
  ' 5551234567',
]);

/** users/<uid>/phoneNumber: E.164 only (src/data/phone-number.ts). */
export const STORED_PHONE_CASES: PatternCase[] = cases(E164_PATTERN, [
  '+16195550199',
  '+442079460958',
  '+6834002',
  '+123456789012345',
  '+1 6195550199',
  '+1 (619) 555-0199',
  '6195550199',
  '16195550199',
  '+06195550199',
  '+123456',
  '+1234567890123456',
  '++16195550199',
  ' +16195550199',
  '+1619555019a',
]);

/** Sanity: the candidates exercise both sides of each pattern, within the length limits. */
export function checkCandidates(): string[] {
  const problems: string[] = [];
  for (const [name, list] of [
    ['email', EMAIL_CASES],
    ['phone', PHONE_CASES],
    ['stored phone', STORED_PHONE_CASES],
  ] as const) {
    if (!list.some((c) => c.accepted)) problems.push(`no ${name} candidate is accepted by data-limits.ts`);
    if (!list.some((c) => !c.accepted)) problems.push(`no ${name} candidate is rejected by data-limits.ts`);
  }
  for (const c of PHONE_CASES) {
    if (c.value.length < TEXT_LIMITS.phoneMin || c.value.length > TEXT_LIMITS.phone) {
      problems.push(`phone candidate ${c.label} is outside the length limits, so it does not test the pattern`);
    }
  }
  for (const c of EMAIL_CASES) {
    if (c.value.length > TEXT_LIMITS.email) problems.push(`email candidate ${c.label} is too long to test the pattern`);
  }
  return problems;
}
