/** Stripe's object ids as the functions accept them, and reading the id of a field Stripe may
 *  answer either as an id or, when expanded, as the object itself. */

/** A prefix, then 1–255 letters, digits and underscores (evt_1Nv…, cs_test_a1B…, sub_…). Stricter
 *  than Stripe promises, on purpose: ids become database keys (stripe_events/{eventId}) or parts of
 *  API paths, where "", `.#$[]/`, control characters or 768 bytes would break or redirect them. */
function idPattern(prefix: string): RegExp {
  return new RegExp(`^${prefix}_[A-Za-z0-9_]{1,255}$`);
}

export const STRIPE_ID_PATTERNS = {
  event: idPattern('evt'),
  checkoutSession: idPattern('cs'),
  subscription: idPattern('sub'),
  customer: idPattern('cus'),
  invoice: idPattern('in'),
  paymentMethod: idPattern('pm'),
  charge: idPattern('ch'),
  /** du_ is what older disputes were named. */
  dispute: new RegExp(`^(dp|du)_[A-Za-z0-9_]{1,255}$`),
} as const;

export type StripeIdKind = keyof typeof STRIPE_ID_PATTERNS;

export function isStripeId(kind: StripeIdKind, value: unknown): value is string {
  return typeof value === 'string' && STRIPE_ID_PATTERNS[kind].test(value);
}

/** The id of an expandable field: the string itself, the expanded object's `id`, or null. */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null && typeof value.id === 'string') return value.id;
  return null;
}
