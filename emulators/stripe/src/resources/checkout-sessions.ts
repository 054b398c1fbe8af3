/**
 * `POST /v1/checkout/sessions`: the parameters our functions send, checked as Stripe checks them,
 * and the `checkout.session` object Stripe answers with (every field of the SDK's type; what we
 * do not model has Stripe's default). `mode=subscription` takes recurring prices — stored ones
 * (`line_items[n][price]`, resolved by checkout-api.ts) or ad-hoc ones
 * (`line_items[n][price_data][recurring][interval]`) — and `subscription_data`; the terms, address,
 * tax and discount options are read here and acted on by the page and checkout-completion.ts.
 */
import type Stripe from 'stripe';
import { invalidRequest } from '../core/errors';
import { paramName, type FormObject, type FormValue } from '../core/form-encoding';
import { randomId } from '../core/ids';
import {
  asBoolean,
  asEmail,
  asInteger,
  asList,
  asObject,
  asString,
  asUrl,
  oneOf,
  parseMetadata,
  rejectUnknown,
  required,
  type Path,
} from '../core/params';
import type { Interval, LineItem, Recurring } from '../core/store';

/** The methods a session offers: Stripe's dynamic payment methods, the ones turned on in the
 *  Dashboard, which can include delayed bank debits (they complete unpaid and settle days later),
 *  narrowed by the session's allowed_payment_method_types. The stand-in turns such a set on, so a
 *  caller that relies on the default sees what production may offer; its hosted page still pays
 *  by card only. */
const DASHBOARD_PAYMENT_METHODS: readonly string[] = ['card', 'link', 'us_bank_account'];

/** A stored Price as checkout uses it (the API side resolves `line_items[n][price]` with it). */
export interface ResolvedPrice {
  price: Stripe.Price;
  productName: string;
  productDescription: string | null;
  productImages: string[];
}

/** Looks a Price up by id for `line_items[n][price]`, throwing Stripe's error when it cannot be
 *  bought (unknown, archived, or its product archived); `param` names the parameter. */
export type PriceResolver = (id: string, param: string) => ResolvedPrice;

export type Mode = 'payment' | 'subscription' | 'setup';

export type CustomerUpdateChoice = 'auto' | 'never';

export interface CreateParams {
  mode: Mode;
  success_url: string;
  cancel_url: string | null;
  lineItems: LineItem[];
  client_reference_id: string | null;
  customer: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  expires_at: number | null;
  /** `allowed_payment_method_types`: a filter on the Dashboard's methods; empty when not sent. */
  allowed_payment_method_types: string[];
  subscription_data: { metadata: Record<string, string>; description: string | null } | null;
  expand: string[];
  consent_collection: { terms_of_service: 'none' | 'required' } | null;
  terms_message: string | null;
  submit_message: string | null;
  billing_address_collection: 'auto' | 'required' | null;
  tax_id_collection: boolean;
  automatic_tax: boolean;
  allow_promotion_codes: boolean;
  /** `discounts[0][coupon]` or `discounts[0][promotion_code]` (Checkout takes one). */
  discount: { coupon: string } | { promotion_code: string } | null;
  customer_update: { address: CustomerUpdateChoice; name: CustomerUpdateChoice } | null;
}

export type CheckoutSession = Stripe.Checkout.Session;

const TOP_LEVEL = [
  'mode',
  'success_url',
  'cancel_url',
  'line_items',
  'client_reference_id',
  'metadata',
  'customer',
  'customer_email',
  'expires_at',
  'allowed_payment_method_types',
  'subscription_data',
  'expand',
  'consent_collection',
  'custom_text',
  'billing_address_collection',
  'tax_id_collection',
  'automatic_tax',
  'allow_promotion_codes',
  'discounts',
  'customer_update',
];
const LINE_ITEM_FIELDS = ['price', 'price_data', 'quantity'];
/** Stripe's limit on a custom text message. */
const MAX_CUSTOM_TEXT = 1200;
const PRICE_DATA_FIELDS = ['currency', 'unit_amount', 'product_data', 'recurring'];
const PRODUCT_DATA_FIELDS = ['name', 'description', 'images'];
const RECURRING_FIELDS = ['interval', 'interval_count'];
const SUBSCRIPTION_DATA_FIELDS = ['metadata', 'description'];
const MODES = ['payment', 'setup', 'subscription'] as const;
const INTERVALS = ['day', 'week', 'month', 'year'] as const;
/** Stripe's longest billing period: three years (36 months, 156 weeks, 1095 days). */
const MAX_INTERVAL_COUNT: Record<Interval, number> = { day: 1095, week: 156, month: 36, year: 3 };

/** Stripe's smallest chargeable amounts, in the currency's minor unit (docs: "Minimum and maximum charge amounts"). */
const MINIMUM_CHARGE: Record<string, number> = { usd: 50, eur: 50, gbp: 30, cad: 50, aud: 50 };
const MAX_AMOUNT = 99_999_999;
const MIN_EXPIRY_SECONDS = 30 * 60;
const MAX_EXPIRY_SECONDS = 24 * 60 * 60;

export const DEFAULT_EXPIRY_SECONDS = MAX_EXPIRY_SECONDS;

function parseRecurring(value: FormValue | undefined, path: Path): Recurring | null {
  const recurring = asObject(value, path);
  if (recurring === undefined) return null;
  rejectUnknown(recurring, RECURRING_FIELDS, path);
  const interval = required(oneOf(recurring.interval, [...path, 'interval'], INTERVALS), [...path, 'interval']);
  const countPath = [...path, 'interval_count'];
  const count = asInteger(recurring.interval_count, countPath, 1) ?? 1;
  if (count > MAX_INTERVAL_COUNT[interval]) {
    throw invalidRequest('Maximum of three years interval allowed (3 years, 36 months, or 156 weeks).', paramName(countPath));
  }
  return { interval, interval_count: count };
}

function parseStoredPriceItem(item: FormObject, path: Path, resolve: PriceResolver): LineItem {
  const priceId = required(asString(item.price, [...path, 'price']), [...path, 'price']);
  const quantityPath = [...path, 'quantity'];
  const quantity = required(asInteger(item.quantity, quantityPath, 1), quantityPath);
  const { price, productName, productDescription, productImages } = resolve(priceId, paramName([...path, 'price']));
  return {
    id: `li_${randomId('', 24)}`,
    priceId: price.id,
    productId: price.product as string,
    name: productName,
    description: productDescription,
    images: productImages,
    currency: price.currency,
    unitAmount: price.unit_amount ?? 0,
    quantity,
    recurring: price.recurring ? { interval: price.recurring.interval as Interval, interval_count: price.recurring.interval_count } : null,
    price: structuredClone(price),
  };
}

function parseLineItem(value: FormValue, index: number, resolve: PriceResolver): LineItem {
  const path = ['line_items', String(index)];
  const item = required(asObject(value, path), path);
  rejectUnknown(item, LINE_ITEM_FIELDS, path);
  if (item.price !== undefined && item.price_data !== undefined)
    throw invalidRequest('You may only specify one of these parameters: price, price_data.', paramName([...path, 'price']));
  if (item.price !== undefined) return parseStoredPriceItem(item, path, resolve);
  const pricePath = [...path, 'price_data'];
  if (item.price_data === undefined)
    throw invalidRequest(
      `You must specify either \`price\` or \`price_data\` for each line item.`,
      paramName([...path, 'price']),
      'parameter_missing',
    );
  const price = required(asObject(item.price_data, pricePath), pricePath);
  rejectUnknown(price, PRICE_DATA_FIELDS, pricePath);
  const currency = required(asString(price.currency, [...pricePath, 'currency']), [...pricePath, 'currency']).toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) throw invalidRequest(`Invalid currency: ${currency}`, paramName([...pricePath, 'currency']));
  const unitAmount = required(asInteger(price.unit_amount, [...pricePath, 'unit_amount'], 0, MAX_AMOUNT), [...pricePath, 'unit_amount']);
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
  const suffix = randomId('', 24);
  return {
    id: `li_${suffix}`,
    priceId: `price_${suffix}`,
    productId: `prod_${suffix.slice(0, 14)}`,
    name,
    description: asString(product.description, [...productPath, 'description']) ?? null,
    images,
    currency,
    unitAmount,
    quantity,
    recurring: parseRecurring(price.recurring, [...pricePath, 'recurring']),
  };
}

function checkAmounts(mode: Mode, lineItems: LineItem[]) {
  if (lineItems.length === 0) return;
  const currency = lineItems[0].currency;
  const total = lineItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
  const minimum = MINIMUM_CHARGE[currency] ?? 50;
  // A subscription may be free; a payment may not.
  if ((mode === 'payment' || total > 0) && total < minimum) {
    const shown = new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(minimum / 100);
    throw invalidRequest(
      `The Checkout Session's total amount due must add up to at least ${shown} ${currency}`,
      undefined,
      'amount_too_small',
    );
  }
  if (total > MAX_AMOUNT)
    throw invalidRequest(
      `The Checkout Session's total amount due must be no more than ${MAX_AMOUNT} ${currency}`,
      undefined,
      'amount_too_large',
    );
}

/** The parameter that made line `index` recurring or not: its `price`, or its `price_data[recurring]`. */
const recurringParam = (lineItems: LineItem[], index: number) =>
  lineItems[index].price
    ? paramName(['line_items', String(index), 'price'])
    : paramName(['line_items', String(index), 'price_data', 'recurring']);

function checkRecurring(mode: Mode, lineItems: LineItem[]) {
  const recurring = lineItems.map((item, index) => ({ item, index })).filter(({ item }) => item.recurring !== null);
  if (mode === 'payment' && recurring.length > 0) {
    throw invalidRequest(
      'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
      recurringParam(lineItems, recurring[0].index),
    );
  }
  if (mode !== 'subscription') return;
  if (recurring.length === 0)
    throw invalidRequest('You must provide at least one recurring price in `subscription` mode when using prices.', 'line_items');
  const oneTime = lineItems.findIndex((item) => item.recurring === null);
  if (oneTime !== -1) {
    // Stripe would add one-time prices to the first invoice; our plans are recurring only.
    throw invalidRequest('The Stripe stand-in takes recurring prices only in `subscription` mode.', recurringParam(lineItems, oneTime));
  }
  const first = recurring[0].item.recurring!;
  if (
    recurring.some(({ item }) => item.recurring!.interval !== first.interval || item.recurring!.interval_count !== first.interval_count)
  ) {
    throw invalidRequest('Checkout does not support multiple prices with different billing intervals.', 'line_items');
  }
}

function parseSubscriptionData(form: FormObject, mode: Mode): CreateParams['subscription_data'] {
  const data = asObject(form.subscription_data, ['subscription_data']);
  if (mode !== 'subscription') {
    if (data !== undefined) throw invalidRequest('You can only specify `subscription_data` in `subscription` mode.', 'subscription_data');
    return null;
  }
  if (data) rejectUnknown(data, SUBSCRIPTION_DATA_FIELDS, ['subscription_data']);
  const description = asString(data?.description, ['subscription_data', 'description']) ?? null;
  if (description !== null && description.length > 500)
    throw invalidRequest('The description can have at most 500 characters.', 'subscription_data[description]');
  return { metadata: parseMetadata(data?.metadata, ['subscription_data', 'metadata']), description };
}

/** `expires_at` must lie 30 minutes to 24 hours after `now`, the session's creation time (which
 *  depends on the customer, so it is checked once that is known). */
export function checkExpiresAt({ expires_at }: Pick<CreateParams, 'expires_at'>, now: number): void {
  if (expires_at !== null && expires_at < now + MIN_EXPIRY_SECONDS) {
    throw invalidRequest('The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.', 'expires_at');
  }
  if (expires_at !== null && expires_at > now + MAX_EXPIRY_SECONDS) {
    throw invalidRequest('The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.', 'expires_at');
  }
}

function parseCustomText(form: FormObject): { terms: string | null; submit: string | null } {
  if (form.custom_text === undefined) return { terms: null, submit: null };
  const text = asObject(form.custom_text, ['custom_text']) ?? {};
  rejectUnknown(text, ['terms_of_service_acceptance', 'submit'], ['custom_text']);
  const message = (name: 'terms_of_service_acceptance' | 'submit') => {
    const entry = asObject(text[name], ['custom_text', name]);
    if (entry === undefined) return null;
    rejectUnknown(entry, ['message'], ['custom_text', name]);
    const path = ['custom_text', name, 'message'];
    const value = required(asString(entry.message, path), path);
    if (value.length > MAX_CUSTOM_TEXT)
      throw invalidRequest(`The message can have at most ${MAX_CUSTOM_TEXT} characters.`, paramName(path));
    return value;
  };
  return { terms: message('terms_of_service_acceptance'), submit: message('submit') };
}

function parseDiscounts(form: FormObject): CreateParams['discount'] {
  const list = asList(form.discounts, ['discounts']);
  if (list === undefined || list.length === 0) return null;
  if (list.length > 1) throw invalidRequest('You may only specify one discount in Checkout.', 'discounts');
  const path = ['discounts', '0'];
  const entry = required(asObject(list[0], path), path);
  rejectUnknown(entry, ['coupon', 'promotion_code'], path);
  const coupon = asString(entry.coupon, [...path, 'coupon']);
  const promotionCode = asString(entry.promotion_code, [...path, 'promotion_code']);
  if (coupon !== undefined && promotionCode !== undefined)
    throw invalidRequest('You may only specify one of these parameters: coupon, promotion_code.', paramName([...path, 'coupon']));
  if (coupon !== undefined) return { coupon };
  if (promotionCode !== undefined) return { promotion_code: promotionCode };
  throw invalidRequest(
    'Missing required param: discounts[0][coupon] or discounts[0][promotion_code].',
    paramName([...path, 'coupon']),
    'parameter_missing',
  );
}

/** The options about terms, address, tax and discounts (checked against the mode and customer). */
function parseCollection(form: FormObject, mode: Mode, customer: string | null) {
  const consentForm = asObject(form.consent_collection, ['consent_collection']);
  if (consentForm) rejectUnknown(consentForm, ['terms_of_service'], ['consent_collection']);
  const terms = oneOf(consentForm?.terms_of_service, ['consent_collection', 'terms_of_service'], ['none', 'required'] as const);
  const customText = parseCustomText(form);
  const taxIdForm = asObject(form.tax_id_collection, ['tax_id_collection']);
  if (taxIdForm) rejectUnknown(taxIdForm, ['enabled', 'required'], ['tax_id_collection']);
  const taxIdEnabled = taxIdForm
    ? required(asBoolean(taxIdForm.enabled, ['tax_id_collection', 'enabled']), ['tax_id_collection', 'enabled'])
    : false;
  oneOf(taxIdForm?.required, ['tax_id_collection', 'required'], ['never'] as const);
  const taxForm = asObject(form.automatic_tax, ['automatic_tax']);
  if (taxForm) rejectUnknown(taxForm, ['enabled'], ['automatic_tax']);
  const automaticTax = taxForm ? required(asBoolean(taxForm.enabled, ['automatic_tax', 'enabled']), ['automatic_tax', 'enabled']) : false;
  const allowPromotionCodes = asBoolean(form.allow_promotion_codes, ['allow_promotion_codes']) ?? false;
  const discount = parseDiscounts(form);
  if (allowPromotionCodes && discount !== null)
    throw invalidRequest('You may only specify one of these parameters: allow_promotion_codes, discounts.', 'allow_promotion_codes');
  if (mode === 'setup' && (discount !== null || allowPromotionCodes || automaticTax))
    throw invalidRequest(
      'Discounts and automatic tax are not available in `setup` mode.',
      discount !== null ? 'discounts' : automaticTax ? 'automatic_tax' : 'allow_promotion_codes',
    );
  const updateForm = asObject(form.customer_update, ['customer_update']);
  let customerUpdate: CreateParams['customer_update'] = null;
  if (updateForm) {
    rejectUnknown(updateForm, ['address', 'name'], ['customer_update']);
    if (customer === null) throw invalidRequest('customer_update can only be used with customer.', 'customer_update');
    customerUpdate = {
      address: oneOf(updateForm.address, ['customer_update', 'address'], ['auto', 'never'] as const) ?? 'never',
      name: oneOf(updateForm.name, ['customer_update', 'name'], ['auto', 'never'] as const) ?? 'never',
    };
  }
  return {
    consent_collection: terms ? { terms_of_service: terms } : null,
    terms_message: customText.terms,
    submit_message: customText.submit,
    billing_address_collection:
      oneOf(form.billing_address_collection, ['billing_address_collection'], ['auto', 'required'] as const) ?? null,
    tax_id_collection: taxIdEnabled,
    automatic_tax: automaticTax,
    allow_promotion_codes: allowPromotionCodes,
    discount,
    customer_update: customerUpdate,
  };
}

const noStoredPrices: PriceResolver = (id, param) => {
  throw invalidRequest(`No such price: '${id}'`, param, 'resource_missing', 404);
};

export function parseCreateParams(form: FormObject, resolvePrice: PriceResolver = noStoredPrices): CreateParams {
  rejectUnknown(form, TOP_LEVEL);
  const mode = required(oneOf(form.mode, ['mode'], MODES), ['mode']);
  const success_url = required(asUrl(form.success_url, ['success_url']), ['success_url']);
  const cancel_url = asUrl(form.cancel_url, ['cancel_url']) ?? null;
  const lineItems = (asList(form.line_items, ['line_items']) ?? []).map((item, index) => parseLineItem(item, index, resolvePrice));
  if (mode !== 'setup' && lineItems.length === 0) throw invalidRequest(`\`line_items\` is required in \`${mode}\` mode.`, 'line_items');
  if (mode === 'setup' && lineItems.length > 0) throw invalidRequest('You cannot pass `line_items` in `setup` mode.', 'line_items');
  if (lineItems.length > 100) throw invalidRequest('You can have at most 100 line items.', 'line_items');
  if (new Set(lineItems.map((item) => item.currency)).size > 1)
    throw invalidRequest('All line items must use the same currency.', 'line_items');
  checkRecurring(mode, lineItems);
  checkAmounts(mode, lineItems);

  const client_reference_id = asString(form.client_reference_id, ['client_reference_id']) ?? null;
  if (client_reference_id !== null && client_reference_id.length > 200) {
    throw invalidRequest('client_reference_id can have at most 200 characters.', 'client_reference_id');
  }
  const customer = asString(form.customer, ['customer']) ?? null;
  const customer_email = asEmail(form.customer_email, ['customer_email']) ?? null;
  if (customer !== null && customer_email !== null)
    throw invalidRequest('You may only specify one of these parameters: customer, customer_email.', 'customer');
  const expires_at = asInteger(form.expires_at, ['expires_at'], 0) ?? null;
  // This API version has no payment_method_types on a session's creation (unknown, refused
  // above); allowed_payment_method_types filters the Dashboard's methods instead.
  const allowed_payment_method_types = (asList(form.allowed_payment_method_types, ['allowed_payment_method_types']) ?? []).map((type, i) =>
    required(asString(type, ['allowed_payment_method_types', String(i)]), ['allowed_payment_method_types', String(i)]),
  );
  if (allowed_payment_method_types.length > 0 && !allowed_payment_method_types.some((type) => DASHBOARD_PAYMENT_METHODS.includes(type))) {
    throw invalidRequest(
      `None of the allowed payment method types (${allowed_payment_method_types.join(', ')}) is turned on for this account.`,
      'allowed_payment_method_types',
    );
  }
  const expand = (asList(form.expand, ['expand']) ?? []).map((entry, i) =>
    required(asString(entry, ['expand', String(i)]), ['expand', String(i)]),
  );
  return {
    mode,
    success_url,
    cancel_url,
    lineItems,
    client_reference_id,
    customer,
    customer_email,
    metadata: parseMetadata(form.metadata),
    expires_at,
    allowed_payment_method_types,
    subscription_data: parseSubscriptionData(form, mode),
    expand,
    ...parseCollection(form, mode, customer),
  };
}

/** Stripe refuses Terms consent until the account has a Terms of Service URL in its public
 *  details, with these words and this param; a new account has none. */
export function checkTermsOfServiceUrl(params: Pick<CreateParams, 'consent_collection'>, termsOfServiceUrl: string | null): void {
  if (params.consent_collection?.terms_of_service !== 'required' || termsOfServiceUrl !== null) return;
  throw invalidRequest(
    'You cannot collect consent to your terms of service unless a URL is set in the Stripe Dashboard. ' +
      'Update your public business details in the Dashboard https://dashboard.stripe.com/settings/public ' +
      'with a Terms of service URL to collect terms of service consent.',
    'consent_collection[terms_of_service]',
  );
}

export function newSession(params: CreateParams, now: number, checkoutBaseUrl: string): CheckoutSession {
  const id = randomId('cs_test_', 58);
  const amount = params.lineItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
  const currency = params.lineItems[0]?.currency ?? null;
  const subscription = params.mode === 'subscription';
  return {
    id,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: params.allow_promotion_codes ? true : null,
    allowed_payment_method_types: params.allowed_payment_method_types.length > 0 ? params.allowed_payment_method_types : null,
    amount_subtotal: currency ? amount : null,
    amount_total: currency ? amount : null,
    automatic_tax: params.automatic_tax
      ? { enabled: true, liability: { type: 'self' }, provider: 'stripe', status: 'requires_location_inputs' }
      : { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: params.billing_address_collection,
    cancel_url: params.cancel_url,
    client_reference_id: params.client_reference_id,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: params.consent_collection
      ? { payment_method_reuse_agreement: null, promotions: null, terms_of_service: params.consent_collection.terms_of_service }
      : null,
    created: now,
    currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: {
      after_submit: null,
      shipping_address: null,
      submit: params.submit_message === null ? null : { message: params.submit_message },
      terms_of_service_acceptance: params.terms_message === null ? null : { message: params.terms_message },
    },
    customer: params.customer,
    customer_account: null,
    customer_creation: subscription ? 'always' : 'if_required',
    customer_details: null,
    customer_email: params.customer_email,
    discounts: [],
    expires_at: params.expires_at ?? now + DEFAULT_EXPIRY_SECONDS,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: null,
    managed_payments: null,
    metadata: params.metadata,
    mode: params.mode,
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: subscription ? 'always' : 'if_required',
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: DASHBOARD_PAYMENT_METHODS.filter(
      (type) => params.allowed_payment_method_types.length === 0 || params.allowed_payment_method_types.includes(type),
    ),
    payment_status: params.mode === 'setup' ? 'no_payment_required' : 'unpaid',
    permissions: null,
    phone_number_collection: { enabled: false },
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: params.success_url,
    tax_id_collection: { enabled: params.tax_id_collection, required: 'never' },
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted_page',
    url: `${checkoutBaseUrl}/c/pay/${id}`,
    wallet_options: null,
  };
}

/** The Price of a line item, as `line_items` and subscription items show it: the stored
 *  catalogue Price when the line named one, else the ad-hoc Price `price_data` made. */
export function priceOf(item: LineItem, created: number): Stripe.Price {
  if (item.price) return structuredClone(item.price);
  return {
    id: item.priceId,
    object: 'price',
    active: false,
    billing_scheme: 'per_unit',
    created,
    currency: item.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    product: item.productId,
    recurring: item.recurring
      ? {
          interval: item.recurring.interval,
          interval_count: item.recurring.interval_count,
          meter: null,
          trial_period_days: null,
          usage_type: 'licensed',
        }
      : null,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: item.recurring ? 'recurring' : 'one_time',
    unit_amount: item.unitAmount,
    // Stripe sends decimals as strings; the SDK's type is its parsed Decimal.
    unit_amount_decimal: String(item.unitAmount) as unknown as Stripe.Price['unit_amount_decimal'],
  };
}

/** `GET /v1/checkout/sessions/:id/line_items` (and `expand[]=line_items`): Stripe's list of `item` objects. */
export function lineItemList(session: CheckoutSession, items: LineItem[]) {
  return {
    object: 'list' as const,
    data: items.map((item) => ({
      id: item.id,
      object: 'item' as const,
      amount_discount: item.amounts?.discount ?? 0,
      amount_subtotal: item.unitAmount * item.quantity,
      amount_tax: item.amounts?.tax ?? 0,
      amount_total: item.unitAmount * item.quantity - (item.amounts?.discount ?? 0) + (item.amounts?.tax ?? 0),
      currency: item.currency,
      description: item.name,
      price: priceOf(item, session.created),
      quantity: item.quantity,
    })),
    has_more: false,
    url: `/v1/checkout/sessions/${session.id}/line_items`,
  };
}
