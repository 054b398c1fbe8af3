/** Validation of the form fields as the person types: the checks the `submitForm` function runs
 *  again (src/data/submission-fields.ts), against the limits of src/config/data-limits.ts. Values are
 *  checked trimmed, as they are stored. */
import { FIELD_CHECKS, problemOf, type FieldKind } from '@/data/submission-fields';

/** react-hook-form `register` options running a kind of field's checks in order; the first failure
 *  is shown. */
export function fieldRules(kind: FieldKind, label: string) {
  const checks = FIELD_CHECKS[kind](label);
  return { validate: (raw: unknown) => problemOf(checks, typeof raw === 'string' ? raw : '') ?? true };
}

/** The stored form of the values: every string trimmed. */
export function trimmed<T extends Record<string, string>>(values: T): T {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value.trim()])) as T;
}
