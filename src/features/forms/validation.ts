/** Validation of the form fields, against the same limits and patterns the database rules enforce
 *  (src/config/data-limits.ts). Values are checked trimmed, as they are stored. */
import { EMAIL_PATTERN, PHONE_PATTERN, TEXT_LIMITS } from '@/config/data-limits';
import { FIELD_MESSAGES } from './messages';

type Check = (value: string) => string | true;

/** react-hook-form `register` options running the checks in order; the first failure is shown. */
function rules(...checks: Check[]) {
  return {
    validate: (raw: unknown) => {
      const value = typeof raw === 'string' ? raw.trim() : '';
      for (const check of checks) {
        const result = check(value);
        if (result !== true) return result;
      }
      return true;
    },
  };
}

const required =
  (label: string): Check =>
  (value) =>
    value !== '' || FIELD_MESSAGES.required(label);
const atMost =
  (label: string, max: number): Check =>
  (value) =>
    value.length <= max || FIELD_MESSAGES.tooLong(label, max, value.length);
/** Names and cities are echoed in mails (the waitlist's goes to the address typed), so no markup. */
const noMarkup =
  (label: string): Check =>
  (value) =>
    !/[<>]/.test(value) || FIELD_MESSAGES.noMarkup(label);

export const fieldRules = {
  fullName: (label: string) => rules(required(label), atMost(label, TEXT_LIMITS.fullName), noMarkup(label)),
  city: (label: string) => rules(required(label), atMost(label, TEXT_LIMITS.city), noMarkup(label)),
  /** Free text: markup is allowed and kept as text (it is never rendered as HTML). */
  message: (label: string) => rules(required(label), atMost(label, TEXT_LIMITS.message)),
  email: (label: string) =>
    rules(required(label), atMost(label, TEXT_LIMITS.email), (value) => EMAIL_PATTERN.test(value) || FIELD_MESSAGES.email),
  phone: (label: string) =>
    rules(
      required(label),
      (value) => PHONE_PATTERN.test(value) || FIELD_MESSAGES.phoneShape,
      (value) =>
        (value.length >= TEXT_LIMITS.phoneMin && value.length <= TEXT_LIMITS.phone) ||
        FIELD_MESSAGES.phoneLength(TEXT_LIMITS.phoneMin, TEXT_LIMITS.phone),
    ),
};

/** The stored form of the values: every string trimmed. */
export function trimmed<T extends Record<string, string>>(values: T): T {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value.trim()])) as T;
}
