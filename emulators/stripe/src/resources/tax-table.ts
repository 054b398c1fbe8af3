/**
 * The stand-in's tax table: what Stripe Tax would charge, reduced to a few test addresses so
 * invoices and checkout show real tax lines without a tax engine. Every rate is exclusive (added
 * on top of the price, as our catalogue Prices say with `tax_behavior: 'exclusive'`); an address
 * the table does not name pays 0 %, as an account not registered there would
 * (`taxability_reason: 'not_collecting'`). The table is documented in README.md ("Tax").
 *
 * Each entry is also a `tax_rate` object (`GET /v1/tax_rates/:id`), the one an invoice line's
 * `taxes[].tax_rate_details.tax_rate` names, so a receiver can read its percentage.
 */
import type Stripe from 'stripe';

export interface TaxRegion {
  /** The `tax_rate` id (stable, so tests and receivers can name it). */
  id: string;
  /** ISO 3166-1 alpha-2, as `address.country`. */
  country: string;
  /** ISO 3166-2 subdivision without the country (`CA`), as `address.state`; null: the whole country. */
  state: string | null;
  /** Thousandths of a percent (7.25 % = 7250), so every rate is an integer. */
  milliPercent: number;
  displayName: string;
  jurisdiction: string;
  taxType: Stripe.TaxRate.TaxType;
}

export const TAX_TABLE: readonly TaxRegion[] = [
  {
    id: 'txr_standin_us_ca',
    country: 'US',
    state: 'CA',
    milliPercent: 7250,
    displayName: 'Sales Tax',
    jurisdiction: 'California',
    taxType: 'sales_tax',
  },
  {
    id: 'txr_standin_us_ny',
    country: 'US',
    state: 'NY',
    milliPercent: 8875,
    displayName: 'Sales Tax',
    jurisdiction: 'New York',
    taxType: 'sales_tax',
  },
  {
    id: 'txr_standin_us_tx',
    country: 'US',
    state: 'TX',
    milliPercent: 6250,
    displayName: 'Sales Tax',
    jurisdiction: 'Texas',
    taxType: 'sales_tax',
  },
  { id: 'txr_standin_de', country: 'DE', state: null, milliPercent: 19000, displayName: 'VAT', jurisdiction: 'Germany', taxType: 'vat' },
  {
    id: 'txr_standin_gb',
    country: 'GB',
    state: null,
    milliPercent: 20000,
    displayName: 'VAT',
    jurisdiction: 'United Kingdom',
    taxType: 'vat',
  },
];

/** When the table's rates took effect (the `created` of their tax_rate objects). */
const TABLE_CREATED = 1_767_225_600; // 2026-01-01T00:00:00Z

/** The region an address is taxed in, or null (0 %). A US address needs its state. */
export function taxRegionFor(address: Pick<Stripe.Address, 'country' | 'state'> | null | undefined): TaxRegion | null {
  const country = address?.country?.trim().toUpperCase();
  if (!country) return null;
  const state = address?.state?.trim().toUpperCase() ?? null;
  return TAX_TABLE.find((region) => region.country === country && (region.state === null || region.state === state)) ?? null;
}

/** The tax on `taxable` cents at the region's rate, rounded half away from zero per line (credits
 *  get negative tax of the same size as the charge they undo). */
export function taxOn(taxable: number, region: TaxRegion | null): number {
  if (region === null || taxable === 0) return 0;
  return Math.sign(taxable) * Math.round((Math.abs(taxable) * region.milliPercent) / 100_000);
}

/** The percentage as Stripe writes it (7.25). */
export const percentageOf = (region: TaxRegion) => region.milliPercent / 1000;

export function taxRateObject(region: TaxRegion): Stripe.TaxRate {
  return {
    id: region.id,
    object: 'tax_rate',
    active: true,
    country: region.country,
    created: TABLE_CREATED,
    description: `${region.jurisdiction} ${region.displayName} (Stripe stand-in tax table)`,
    display_name: region.displayName,
    effective_percentage: percentageOf(region),
    flat_amount: null,
    inclusive: false,
    jurisdiction: region.jurisdiction,
    jurisdiction_level: region.state === null ? 'country' : 'state',
    livemode: false,
    metadata: {},
    percentage: percentageOf(region),
    rate_type: 'percentage',
    state: region.state,
    tax_type: region.taxType,
  };
}
