/** Validation of the form fields as the person types: the checks the `submitForm` function runs
 *  again (src/data/submission-fields.ts), against the limits of src/config/data-limits.ts. Values are
 *  checked trimmed, as they are stored. */
import { FIELD_CHECKS, problemOf, type Check } from '@/data/submission-fields';

/** react-hook-form `register` options running the checks in order; the first failure is shown. */
function rules(checks: Check[]) {
  return { validate: (raw: unknown) => problemOf(checks, typeof raw === 'string' ? raw : '') ?? true };
}

export const fieldRules = {
  fullName: (label: string) => rules(FIELD_CHECKS.fullName(label)),
  city: (label: string) => rules(FIELD_CHECKS.city(label)),
  message: (label: string) => rules(FIELD_CHECKS.message(label)),
  email: (label: string) => rules(FIELD_CHECKS.email(label)),
  phone: (label: string) => rules(FIELD_CHECKS.phone(label)),
};

/** The stored form of the values: every string trimmed. */
export function trimmed<T extends Record<string, string>>(values: T): T {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value.trim()])) as T;
}
