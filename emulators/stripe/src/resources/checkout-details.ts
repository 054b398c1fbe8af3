/**
 * What the buyer gives on the hosted checkout besides the card: acceptance of the terms
 * (`consent_collection[terms_of_service]=required`), the billing address
 * (`billing_address_collection=required`, or the location `automatic_tax` needs), a tax ID
 * (`tax_id_collection[enabled]=true`) and a promotion code (`allow_promotion_codes=true`) —
 * read from the page's form and checked as Stripe's page checks them, with the words it shows.
 */
import type Stripe from 'stripe';
import { findActiveCode, promotionCodeRefusal } from './coupons';
import { taxAddress } from './checkout-totals';
import type { StandIn } from '../core/context';
import type { PromotionCodeRecord, SessionRecord } from '../core/store';
import { taxIdProblem, taxIdTypeFor } from './tax-ids';

/** The countries the page offers (the tax table's and a few more, which pay 0 %). */
export const COUNTRIES: readonly { code: string; name: string }[] = [
  { code: 'US', name: 'United States' },
  { code: 'CA', name: 'Canada' },
  { code: 'GB', name: 'United Kingdom' },
  { code: 'DE', name: 'Germany' },
  { code: 'FR', name: 'France' },
  { code: 'NL', name: 'Netherlands' },
  { code: 'IE', name: 'Ireland' },
  { code: 'ES', name: 'Spain' },
  { code: 'IT', name: 'Italy' },
  { code: 'CH', name: 'Switzerland' },
  { code: 'AU', name: 'Australia' },
  { code: 'JP', name: 'Japan' },
];

const US_STATES = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(
    ' ',
  ),
);
const CA_PROVINCES = new Set('AB BC MB NB NL NS NT NU ON PE QC SK YT'.split(' '));

/** The page's fields as typed (kept when the page is shown again). */
export interface DetailsForm {
  termsAccepted: boolean;
  name: string;
  country: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  postalCode: string;
  taxId: string;
  promotionCode: string;
}

export const EMPTY_DETAILS: DetailsForm = {
  termsAccepted: false,
  name: '',
  country: '',
  line1: '',
  line2: '',
  city: '',
  state: '',
  postalCode: '',
  taxId: '',
  promotionCode: '',
};

export function readDetails(fields: URLSearchParams): DetailsForm {
  const text = (name: string) => (fields.get(name) ?? '').trim().slice(0, 500);
  return {
    termsAccepted: fields.get('terms_of_service') === 'accepted',
    name: text('name'),
    country: text('country').toUpperCase(),
    line1: text('line1'),
    line2: text('line2'),
    city: text('city'),
    state: text('state').toUpperCase(),
    postalCode: text('postal_code'),
    taxId: text('tax_id'),
    promotionCode: text('promotion_code'),
  };
}

/** Which parts the page asks for. */
export interface DetailsNeeded {
  terms: boolean;
  /** The full billing address (and the name on it). */
  address: boolean;
  taxId: boolean;
  promotionCode: boolean;
}

export function detailsNeeded(standIn: StandIn, record: SessionRecord): DetailsNeeded {
  const { session } = record;
  const taxNeedsLocation = session.automatic_tax.enabled && taxAddress(standIn, record, null) === null;
  return {
    terms: session.consent_collection?.terms_of_service === 'required',
    address: session.billing_address_collection === 'required' || taxNeedsLocation || record.customerUpdate?.address === 'auto',
    taxId: session.tax_id_collection?.enabled === true,
    promotionCode: session.allow_promotion_codes === true,
  };
}

export interface CheckedDetails {
  address: Stripe.Address | null;
  name: string | null;
  taxId: { type: Stripe.TaxId.Type; value: string } | null;
  /** A code typed (and redeemable) that is not yet on the session. */
  promotionCode: PromotionCodeRecord | null;
}

export type DetailsCheck = { ok: true; details: CheckedDetails } | { ok: false; message: string; field: keyof DetailsForm };

/** The address typed, or why it cannot be used. */
export function checkAddress(form: DetailsForm): Stripe.Address | { message: string; field: keyof DetailsForm } {
  if (!COUNTRIES.some((country) => country.code === form.country)) return { message: 'Choose your country.', field: 'country' };
  if (form.line1 === '') return { message: 'Enter your address.', field: 'line1' };
  if (form.city === '') return { message: 'Enter your city.', field: 'city' };
  if (form.country === 'US' && !US_STATES.has(form.state)) return { message: 'Enter your state (for example CA).', field: 'state' };
  if (form.country === 'CA' && !CA_PROVINCES.has(form.state)) return { message: 'Enter your province (for example ON).', field: 'state' };
  if (form.postalCode === '') return { message: 'Enter your postal code.', field: 'postalCode' };
  if (form.country === 'US' && !/^\d{5}(-\d{4})?$/.test(form.postalCode))
    return { message: 'Your ZIP code is incomplete.', field: 'postalCode' };
  return {
    city: form.city,
    country: form.country,
    line1: form.line1,
    line2: form.line2 === '' ? null : form.line2,
    postal_code: form.postalCode,
    state: form.state === '' ? null : form.state,
  };
}

/**
 * Checks what was typed against what the session asks for. `paying`: the terms must be accepted
 * (an Update of the totals does not need that).
 */
export function checkDetails(standIn: StandIn, record: SessionRecord, form: DetailsForm, paying: boolean): DetailsCheck {
  const needed = detailsNeeded(standIn, record);
  const { session } = record;
  let address: Stripe.Address | null = null;
  if (needed.address) {
    if (form.name === '' && session.billing_address_collection === 'required')
      return { ok: false, message: 'Enter your full name.', field: 'name' };
    const checked = checkAddress(form);
    if ('message' in checked) return { ok: false, ...checked };
    address = checked;
  }
  let taxId: CheckedDetails['taxId'] = null;
  if (needed.taxId && form.taxId !== '') {
    const type = address ? taxIdTypeFor(address.country!) : null;
    if (type === null)
      return { ok: false, message: 'Enter your billing address first: the tax ID must be from that country.', field: 'taxId' };
    const problem = taxIdProblem(type, form.taxId);
    if (problem) return { ok: false, message: 'Your tax ID is invalid. ' + problem, field: 'taxId' };
    taxId = { type, value: form.taxId };
  }
  let promotionCode: PromotionCodeRecord | null = null;
  const applied = session.discounts?.[0]?.promotion_code ?? null;
  if (needed.promotionCode && form.promotionCode !== '') {
    const found = findCodeForPage(standIn, record, form.promotionCode);
    if ('refusal' in found) return { ok: false, message: found.refusal, field: 'promotionCode' };
    if (found.code.promotionCode.id !== applied) promotionCode = found.code;
  }
  if (paying && needed.terms && !form.termsAccepted)
    return { ok: false, message: 'Accept the terms of service to continue.', field: 'termsAccepted' };
  return { ok: true, details: { address, name: form.name === '' ? null : form.name, taxId, promotionCode } };
}

/** The active, redeemable promotion code the buyer typed (any case), or what the page says. */
export function findCodeForPage(
  standIn: StandIn,
  record: SessionRecord,
  typed: string,
): { code: PromotionCodeRecord } | { refusal: string } {
  const { session } = record;
  const found = findActiveCode(standIn, typed);
  if (!found) return { refusal: 'This code is invalid.' };
  const customerId = typeof session.customer === 'string' ? session.customer : null;
  const amount = record.lineItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
  const refusal = promotionCodeRefusal(standIn, found, { customerId, amount, currency: session.currency ?? 'usd' });
  return refusal ? { refusal } : { code: found };
}

/** Puts a checked promotion code on the session (`discounts`), in place of any code applied before. */
export function applyPromotionCode(record: SessionRecord, code: PromotionCodeRecord) {
  record.session.discounts = [{ coupon: code.promotionCode.promotion.coupon as string, promotion_code: code.promotionCode.id }];
}
