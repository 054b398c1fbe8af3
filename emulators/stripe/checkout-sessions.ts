/**
 * `POST /v1/checkout/sessions`: the parameters our functions send, checked as Stripe checks them,
 * and the `checkout.session` object Stripe answers with (the fields a caller reads; everything we do
 * not model is present with Stripe's default so SDK types and callers see the familiar shape).
 */
import { randomBytes } from 'node:crypto';
import { invalidRequest, missingParam, unknownParam } from './errors.ts';
import { paramName, type FormObject, type FormValue } from './form-encoding.ts';

export interface LineItem {
  name: string;
  description: string | null;
  images: string[];
  currency: string;
  unitAmount: number;
  quantity: number;
}

export interface CreateParams {
  mode: 'payment' | 'subscription' | 'setup';
  success_url: string;
  cancel_url: string | null;
  lineItems: LineItem[];
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  expires_at: number | null;
  payment_method_types: string[];
}

export type SessionStatus = 'open' | 'complete' | 'expired';

/** The subset of Stripe's `checkout.session` we model; see README.md for the full list. */
export interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number | null;
  amount_total: number | null;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string | null;
  customer: null;
  customer_details: { email: string | null; name: string | null; phone: null; address: null; tax_exempt: 'none'; tax_ids: [] } | null;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: CreateParams['mode'];
  payment_intent: string | null;
  payment_method_types: string[];
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  status: SessionStatus;
  success_url: string;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  ui_mode: 'hosted';
  url: string | null;
  [field: string]: unknown;
}

const TOP_LEVEL = new Set([
  'mode',
  'success_url',
  'cancel_url',
  'line_items',
  'client_reference_id',
  'metadata',
  'customer_email',
  'expires_at',
  'payment_method_types',
  'expand',
]);
const LINE_ITEM_FIELDS = new Set(['price_data', 'quantity']);
const PRICE_DATA_FIELDS = new Set(['currency', 'unit_amount', 'product_data']);
const PRODUCT_DATA_FIELDS = new Set(['name', 'description', 'images']);
const MODES = ['payment', 'setup', 'subscription'] as const;

/** Stripe's smallest chargeable amounts, in the currency's minor unit (docs: "Minimum and maximum charge amounts"). */
const MINIMUM_CHARGE: Record<string, number> = { usd: 50, eur: 50, gbp: 30, cad: 50, aud: 50 };
const MAX_AMOUNT = 99_999_999;
const MIN_EXPIRY_SECONDS = 30 * 60;
const MAX_EXPIRY_SECONDS = 24 * 60 * 60;

export const DEFAULT_EXPIRY_SECONDS = MAX_EXPIRY_SECONDS;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export function randomId(prefix: string, length = 24): string {
  return prefix + Array.from(randomBytes(length), (byte) => BASE62[byte % 62]).join('');
}

function rejectUnknown(value: FormObject, allowed: Set<string>, path: string[]) {
  for (const key of Object.keys(value)) if (!allowed.has(key)) throw unknownParam(paramName([...path, key]));
}

function asString(value: FormValue | undefined, path: string[]): string | undefined {
  if (value === undefined || value === '') return undefined; // Stripe treats an empty string as "not set"
  if (typeof value !== 'string') throw invalidRequest(`Invalid string: a hash was given for ${paramName(path)}`, paramName(path));
  return value;
}

function asObject(value: FormValue | undefined, path: string[]): FormObject | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value === 'string') throw invalidRequest(`Invalid object`, paramName(path), 'parameter_invalid_empty');
  return value;
}

/** Stripe lists arrive as `x[0]`, `x[1]`…: an object whose keys are exactly 0..n-1. */
function asList(value: FormValue | undefined, path: string[]): FormValue[] | undefined {
  const object = asObject(value, path);
  if (object === undefined) return undefined;
  const keys = Object.keys(object);
  if (!keys.every((key) => /^\d+$/.test(key))) {
    throw invalidRequest(`Invalid array`, paramName(path));
  }
  return keys.sort((a, b) => Number(a) - Number(b)).map((key) => object[key]);
}

function asInteger(value: FormValue | undefined, path: string[], min: number): number | undefined {
  const text = asString(value, path);
  if (text === undefined) return undefined;
  if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
    throw invalidRequest(`Invalid integer: ${text}`, paramName(path), 'parameter_invalid_integer');
  }
  const number = Number(text);
  if (number < min) throw invalidRequest(`This value must be greater than or equal to ${min}.`, paramName(path));
  return number;
}

function required<T>(value: T | undefined, path: string[]): T {
  if (value === undefined) throw missingParam(paramName(path));
  return value;
}

function parseLineItem(value: FormValue, index: number): LineItem {
  const path = ['line_items', String(index)];
  const item = required(asObject(value, path), path);
  rejectUnknown(item, LINE_ITEM_FIELDS, path);
  const pricePath = [...path, 'price_data'];
  // Stored Prices (`price: price_…`) need a catalogue on Stripe's side; our functions send price_data.
  const price = required(asObject(item.price_data, pricePath), pricePath);
  rejectUnknown(price, PRICE_DATA_FIELDS, pricePath);
  const currency = required(asString(price.currency, [...pricePath, 'currency']), [...pricePath, 'currency']).toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) throw invalidRequest(`Invalid currency: ${currency}`, paramName([...pricePath, 'currency']));
  const unitAmount = required(asInteger(price.unit_amount, [...pricePath, 'unit_amount'], 0), [...pricePath, 'unit_amount']);
  if (unitAmount > MAX_AMOUNT) throw invalidRequest(`This value must be less than or equal to ${MAX_AMOUNT}.`, paramName([...pricePath, 'unit_amount']));
  const productPath = [...pricePath, 'product_data'];
  const product = required(asObject(price.product_data, productPath), productPath);
  rejectUnknown(product, PRODUCT_DATA_FIELDS, productPath);
  const name = required(asString(product.name, [...productPath, 'name']), [...productPath, 'name']);
  const images = (asList(product.images, [...productPath, 'images']) ?? []).map((image, i) => {
    const url = required(asString(image, [...productPath, 'images', String(i)]), [...productPath, 'images', String(i)]);
    if (!URL.canParse(url)) throw invalidRequest(`Not a valid URL`, paramName([...productPath, 'images', String(i)]), 'url_invalid');
    return url;
  });
  if (images.length > 8) throw invalidRequest('A product can have at most 8 images.', paramName([...productPath, 'images']));
  const quantityPath = [...path, 'quantity'];
  const quantity = required(asInteger(item.quantity, quantityPath, 1), quantityPath);
  return { name, description: asString(product.description, [...productPath, 'description']) ?? null, images, currency, unitAmount, quantity };
}

function parseMetadata(value: FormValue | undefined): Record<string, string> {
  const metadata = asObject(value, ['metadata']) ?? {};
  const result: Record<string, string> = {};
  for (const [key, entry] of Object.entries(metadata)) {
    const text = asString(entry, ['metadata', key]);
    if (text === undefined) continue; // an empty value unsets the key
    if (key.length > 40) throw invalidRequest(`Metadata keys can have up to 40 characters, but you passed in a key that is ${key.length} characters.`, paramName(['metadata', key]));
    if (text.length > 500) throw invalidRequest(`Metadata values can have up to 500 characters, but you passed in a value that is ${text.length} characters.`, paramName(['metadata', key]));
    result[key] = text;
  }
  if (Object.keys(result).length > 50) throw invalidRequest('You can have up to 50 metadata keys.', 'metadata');
  return result;
}

function parseUrl(value: FormValue | undefined, param: string): string | undefined {
  const url = asString(value, [param]);
  if (url !== undefined && !/^https?:\/\//i.test(url)) throw invalidRequest(`Not a valid URL`, param, 'url_invalid');
  return url;
}

export function parseCreateParams(form: FormObject, now: number): CreateParams {
  rejectUnknown(form, TOP_LEVEL, []);
  const modeText = required(asString(form.mode, ['mode']), ['mode']);
  const mode = MODES.find((candidate) => candidate === modeText);
  if (!mode) throw invalidRequest(`Invalid mode: must be one of payment, setup, or subscription`, 'mode');
  if (mode === 'subscription') throw invalidRequest('The Stripe stand-in supports payment and setup mode only (no recurring prices).', 'mode');

  const success_url = required(parseUrl(form.success_url, 'success_url'), ['success_url']);
  const cancel_url = parseUrl(form.cancel_url, 'cancel_url') ?? null;
  const lineItems = (asList(form.line_items, ['line_items']) ?? []).map(parseLineItem);
  if (mode === 'payment' && lineItems.length === 0) throw invalidRequest('`line_items` is required in `payment` mode.', 'line_items');
  if (mode === 'setup' && lineItems.length > 0) throw invalidRequest('You cannot pass `line_items` in `setup` mode.', 'line_items');
  if (lineItems.length > 100) throw invalidRequest('You can have at most 100 line items.', 'line_items');
  const currencies = new Set(lineItems.map((item) => item.currency));
  if (currencies.size > 1) throw invalidRequest('All line items must use the same currency.', 'line_items');

  if (mode === 'payment') {
    const currency = lineItems[0].currency;
    const total = lineItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
    const minimum = MINIMUM_CHARGE[currency] ?? 50;
    if (total < minimum) {
      const shown = new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(minimum / 100);
      throw invalidRequest(`The Checkout Session's total amount due must add up to at least ${shown} ${currency}`, undefined, 'amount_too_small');
    }
    if (total > MAX_AMOUNT) throw invalidRequest(`The Checkout Session's total amount due must be no more than ${MAX_AMOUNT} ${currency}`, undefined, 'amount_too_large');
  }

  const client_reference_id = asString(form.client_reference_id, ['client_reference_id']) ?? null;
  if (client_reference_id !== null && client_reference_id.length > 200) {
    throw invalidRequest('client_reference_id can have at most 200 characters.', 'client_reference_id');
  }
  const customer_email = asString(form.customer_email, ['customer_email']) ?? null;
  if (customer_email !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(customer_email)) {
    throw invalidRequest(`Invalid email address: ${customer_email}`, 'customer_email', 'email_invalid');
  }
  const expires_at = asInteger(form.expires_at, ['expires_at'], 0) ?? null;
  if (expires_at !== null && expires_at < now + MIN_EXPIRY_SECONDS) {
    throw invalidRequest('The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.', 'expires_at');
  }
  if (expires_at !== null && expires_at > now + MAX_EXPIRY_SECONDS) {
    throw invalidRequest('The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.', 'expires_at');
  }
  const payment_method_types = (asList(form.payment_method_types, ['payment_method_types']) ?? []).map((type, i) =>
    required(asString(type, ['payment_method_types', String(i)]), ['payment_method_types', String(i)]),
  );
  for (const [i, type] of payment_method_types.entries()) {
    if (type !== 'card') throw invalidRequest(`The Stripe stand-in simulates card payments only (got ${type}).`, paramName(['payment_method_types', String(i)]));
  }
  // `expand` is accepted and ignored: nothing we model is expandable.
  return { mode, success_url, cancel_url, lineItems, client_reference_id, customer_email, metadata: parseMetadata(form.metadata), expires_at, payment_method_types };
}

export function newSession(params: CreateParams, now: number, checkoutBaseUrl: string): CheckoutSession {
  const id = randomId('cs_test_', 58);
  const amount = params.lineItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
  const currency = params.lineItems[0]?.currency ?? null;
  return {
    id,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    amount_subtotal: currency ? amount : null,
    amount_total: currency ? amount : null,
    automatic_tax: { enabled: false, liability: null, status: null },
    billing_address_collection: null,
    cancel_url: params.cancel_url,
    client_reference_id: params.client_reference_id,
    client_secret: null,
    consent: null,
    consent_collection: null,
    created: now,
    currency,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: null,
    customer_creation: 'if_required',
    customer_details: null,
    customer_email: params.customer_email,
    expires_at: params.expires_at ?? now + DEFAULT_EXPIRY_SECONDS,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: null,
    metadata: params.metadata,
    mode: params.mode,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'if_required',
    payment_method_types: params.payment_method_types.length > 0 ? params.payment_method_types : ['card'],
    payment_status: params.mode === 'setup' ? 'no_payment_required' : 'unpaid',
    phone_number_collection: { enabled: false },
    recovered_from: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: params.success_url,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted',
    url: `${checkoutBaseUrl}/c/pay/${id}`,
  };
}

/** `GET /v1/checkout/sessions/:id/line_items`: Stripe's list of `item` objects. */
export function lineItemList(session: CheckoutSession, items: LineItem[], itemIds: string[]) {
  return {
    object: 'list',
    data: items.map((item, i) => ({
      id: itemIds[i],
      object: 'item',
      amount_discount: 0,
      amount_subtotal: item.unitAmount * item.quantity,
      amount_tax: 0,
      amount_total: item.unitAmount * item.quantity,
      currency: item.currency,
      description: item.name,
      price: {
        id: `price_${itemIds[i].slice(3)}`,
        object: 'price',
        active: false,
        currency: item.currency,
        livemode: false,
        product: `prod_${itemIds[i].slice(3)}`,
        type: 'one_time',
        unit_amount: item.unitAmount,
      },
      quantity: item.quantity,
    })),
    has_more: false,
    url: `/v1/checkout/sessions/${session.id}/line_items`,
  };
}
