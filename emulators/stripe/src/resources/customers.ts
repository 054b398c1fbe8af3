/**
 * Customers (`/v1/customers`): create, retrieve, update, list, and their saved cards
 * (`/v1/customers/:id/payment_methods`). Every customer lives on a test clock — the one named by
 * `test_clock`, or a new clock of its own — so a test can advance any customer's time.
 */
import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import { getClock, newClock } from './clock-records';
import { customerNow, standInNow, type StandIn } from '../core/context';
import { noSuchCustomer, found } from '../core/errors';
import type { EventBatch } from '../core/events';
import type { Expanders } from '../core/expand';
import { randomId } from '../core/ids';
import type { CustomerRecord } from '../core/store';

export interface NewCustomer {
  email: string | null;
  name: string | null;
  description: string | null;
  metadata: Record<string, string>;
  /** An existing clock; null: a new clock of its own, frozen at the stand-in's current time. */
  clockId: string | null;
}

/** Creates the customer (and its clock): `customer.created`. */
export function createCustomer(standIn: StandIn, batch: EventBatch, params: NewCustomer): CustomerRecord {
  const clock = params.clockId
    ? getClock(standIn, params.clockId, 'test_clock')
    : newClock(standIn, standInNow(standIn), `Stand-in clock for ${params.email ?? 'a new customer'}`);
  const at = clock.now;
  const customer: Stripe.Customer = {
    id: randomId('cus_', 14),
    object: 'customer',
    address: null,
    balance: 0,
    created: at,
    currency: null,
    customer_account: null,
    default_source: null,
    delinquent: false,
    description: params.description,
    discount: null,
    email: params.email,
    invoice_prefix: randomBytes(4).toString('hex').toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: params.metadata,
    name: params.name,
    next_invoice_sequence: 1,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: clock.clock.id,
  };
  const record: CustomerRecord = { customer, seq: standIn.store.nextSeq() };
  standIn.store.customers.set(customer.id, record);
  standIn.settings.log(`customer ${customer.id} created (${customer.email ?? 'no email'}) on test clock ${clock.clock.id}`);
  batch.emit('customer.created', customer, at);
  return record;
}

export function getCustomer(standIn: StandIn, id: string, param = 'id'): CustomerRecord {
  return found(standIn.store.customers.get(id), () => noSuchCustomer(id, param));
}

/** The customer's default card (`invoice_settings.default_payment_method`), if any. */
export function defaultPaymentMethodId(record: CustomerRecord): string | null {
  const value = record.customer.invoice_settings.default_payment_method;
  return typeof value === 'string' ? value : (value?.id ?? null);
}

/** Makes `paymentMethodId` the customer's default: `customer.updated`. */
export function setDefaultPaymentMethod(standIn: StandIn, batch: EventBatch, record: CustomerRecord, paymentMethodId: string | null) {
  batch.change('customer.updated', record.customer, customerNow(standIn, record.customer.id), (customer) => {
    customer.invoice_settings = { ...customer.invoice_settings, default_payment_method: paymentMethodId };
  });
}

export const expanders = (standIn: StandIn): Expanders => ({
  'invoice_settings.default_payment_method': (id) => standIn.store.paymentMethods.get(id as string)?.paymentMethod ?? id,
  test_clock: (id) => standIn.store.clocks.get(id as string)?.clock ?? id,
});
