/**
 * A customer's tax IDs (`/v1/customers/:id/tax_ids`): what the hosted checkout collects with
 * `tax_id_collection[enabled]=true`, shown on the customer's invoices (`customer_tax_ids`). The
 * stand-in checks the shape of the few types it knows (EU VAT, UK VAT, US EIN) and verifies
 * nothing (`verification.status: 'unavailable'` for non-EU types, `'pending'` for EU VAT, as on
 * Stripe before VIES answers). Events: customer.tax_id.created/deleted.
 */
import type Stripe from 'stripe';
import { customerNow, type StandIn } from '../core/context';
import { noSuch } from '../core/errors';
import type { EventBatch } from '../core/events';
import { randomId } from '../core/ids';
import type { CustomerRecord, TaxIdRecord } from '../core/store';

/** The EU member states, whose businesses give an `eu_vat` number. */
const EU = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
];

const SHAPES: Record<string, { pattern: RegExp; example: string; country: string | null }> = {
  eu_vat: {
    pattern: /^(AT|BE|BG|CY|CZ|DE|DK|EE|EL|ES|FI|FR|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK)[0-9A-Z]{8,12}$/,
    example: 'DE123456789',
    country: null,
  },
  gb_vat: { pattern: /^GB(\d{9}|\d{12})$/, example: 'GB123456789', country: 'GB' },
  us_ein: { pattern: /^\d{2}-\d{7}$/, example: '12-3456789', country: 'US' },
};

export const TAX_ID_TYPES = Object.keys(SHAPES) as (keyof typeof SHAPES)[];

/** Tax IDs are compared and stored without spaces or dots, upper case. */
export const normalizeTaxId = (value: string) => value.replace(/[\s.]/g, '').toUpperCase();

/** The type of tax ID a business in `country` gives (checkout picks it from the billing address). */
export function taxIdTypeFor(country: string): Stripe.TaxId.Type | null {
  const upper = country.toUpperCase();
  if (EU.includes(upper)) return 'eu_vat';
  if (upper === 'GB') return 'gb_vat';
  if (upper === 'US') return 'us_ein';
  return null;
}

/** Why `value` is not a `type` tax ID, or null when its shape is right. */
export function taxIdProblem(type: string, value: string): string | null {
  const shape = SHAPES[type];
  if (!shape) return `The Stripe stand-in knows the tax ID types ${TAX_ID_TYPES.join(', ')} only.`;
  return shape.pattern.test(normalizeTaxId(value)) ? null : `Invalid value for ${type}: expected something like ${shape.example}.`;
}

/** Adds a tax ID to the customer: `customer.tax_id.created`. An ID it already has is not added twice. */
export function addTaxId(
  standIn: StandIn,
  batch: EventBatch,
  customer: CustomerRecord,
  type: Stripe.TaxId.Type,
  raw: string,
): Stripe.TaxId {
  const value = normalizeTaxId(raw);
  const existing = [...standIn.store.taxIds.values()].find(
    (record) => record.taxId.customer === customer.customer.id && record.taxId.type === type && record.taxId.value === value,
  );
  if (existing) return existing.taxId;
  const at = customerNow(standIn, customer.customer.id);
  const taxId: Stripe.TaxId = {
    id: randomId('txi_', 24),
    object: 'tax_id',
    country: SHAPES[type]?.country ?? (type === 'eu_vat' ? value.slice(0, 2).replace('EL', 'GR') : null),
    created: at,
    customer: customer.customer.id,
    customer_account: null,
    livemode: false,
    owner: { customer: customer.customer.id, customer_account: null, type: 'customer' },
    type,
    value,
    verification: { status: type === 'eu_vat' ? 'pending' : 'unavailable', verified_address: null, verified_name: null },
  };
  standIn.store.taxIds.set(taxId.id, { taxId, seq: standIn.store.nextSeq() });
  batch.emit('customer.tax_id.created', taxId, at);
  return taxId;
}

export function getTaxId(standIn: StandIn, customerId: string, id: string): TaxIdRecord {
  const record = standIn.store.taxIds.get(id);
  if (!record || record.taxId.customer !== customerId) throw noSuch('tax_id', id);
  return record;
}
