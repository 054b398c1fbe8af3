/**
 * The catalogue: Products (`/v1/products`, with an `id` of the caller's choosing) and Prices
 * (`/v1/prices`) with their lookup keys, and the tax table's rates (`/v1/tax_rates/:id`). A lookup
 * key belongs to one price at a time, archived ones included (as on Stripe): another price gets it
 * only with `transfer_lookup_key=true`, which takes it off the old price. A Price's amount never
 * changes; a new amount is a new Price, and the old one is archived with `active=false`.
 * Events: product.created/updated/deleted, price.created/updated.
 */
import type Stripe from 'stripe';
import { standInNow, type StandIn } from '../core/context';
import { invalidRequest, noSuch, found } from '../core/errors';
import type { EventBatch } from '../core/events';
import { expandObject, type Expanders } from '../core/expand';
import { paramName, type FormObject } from '../core/form-encoding';
import { randomId } from '../core/ids';
import {
  asBoolean,
  asCustomId,
  asInteger,
  asObject,
  asString,
  asStringList,
  asUrl,
  oneOf,
  parseMetadata,
  rejectUnknown,
  required,
  updateMetadata,
  type Path,
} from '../core/params';
import type { PriceRecord, ProductRecord } from '../core/store';

export const INTERVALS = ['day', 'week', 'month', 'year'] as const;
const TAX_BEHAVIORS = ['exclusive', 'inclusive', 'unspecified'] as const;
const MAX_AMOUNT = 99_999_999;
const MAX_LOOKUP_KEY = 200;
/** Stripe's longest billing period: three years. */
const MAX_INTERVAL_COUNT = { day: 1095, week: 156, month: 36, year: 3 } as const;

const decimal = (value: number) => String(value) as unknown as Stripe.Price['unit_amount_decimal'];

// ——— Products ———

export const noSuchProduct = (id: string, param = 'id') => noSuch('product', id, param);
export const noSuchPrice = (id: string, param = 'id') => noSuch('price', id, param);

/** A Product made through the API (not the ad-hoc ones `price_data` names). */
export function getProduct(standIn: StandIn, id: string, param = 'id'): ProductRecord & { product: Stripe.Product } {
  const record = standIn.store.products.get(id);
  if (!record?.product) throw noSuchProduct(id, param);
  return record as ProductRecord & { product: Stripe.Product };
}

export function getPrice(standIn: StandIn, id: string, param = 'id'): PriceRecord {
  return found(standIn.store.prices.get(id), () => noSuchPrice(id, param));
}

/** The stored Price, or undefined (for callers that decide their own error). */
export const findPrice = (standIn: StandIn, id: string): PriceRecord | undefined => standIn.store.prices.get(id);

function parseImages(form: FormObject): string[] | undefined {
  const images = asStringList(form.images, ['images']);
  images?.forEach((url, i) => {
    if (!URL.canParse(url)) throw invalidRequest('Not a valid URL', paramName(['images', String(i)]), 'url_invalid');
  });
  if (images && images.length > 8) throw invalidRequest('A product can have at most 8 images.', 'images');
  return images;
}

function checkStatementDescriptor(value: string | undefined) {
  if (value !== undefined && (value.length > 22 || /[<>\\'"*]/.test(value)))
    throw invalidRequest(
      'The statement descriptor must be at most 22 characters and may not contain <, >, \\, \', " or *.',
      'statement_descriptor',
    );
}

export const productExpanders = (standIn: StandIn): Expanders => ({
  default_price: (id) => standIn.store.prices.get(id as string)?.price ?? id,
  tax_code: (id) => id,
});

export function renderProduct(standIn: StandIn, product: Stripe.Product, expand: readonly string[]) {
  return expandObject(product, expand, productExpanders(standIn));
}

export function createProduct(standIn: StandIn, form: FormObject, batch: EventBatch): Stripe.Product {
  const id = asCustomId(form.id, ['id']) ?? randomId('prod_', 14);
  const name = required(asString(form.name, ['name']), ['name']);
  const statementDescriptor = asString(form.statement_descriptor, ['statement_descriptor']);
  checkStatementDescriptor(statementDescriptor);
  const images = parseImages(form) ?? [];
  const url = asUrl(form.url, ['url']) ?? null;
  if (standIn.store.products.get(id)?.product) throw invalidRequest('Product already exists.', 'id', 'resource_already_exists');
  const now = standInNow(standIn);
  const product: Stripe.Product = {
    id,
    object: 'product',
    active: asBoolean(form.active, ['active']) ?? true,
    created: now,
    default_price: null,
    description: asString(form.description, ['description']) ?? null,
    images,
    livemode: false,
    marketing_features: [],
    metadata: parseMetadata(form.metadata),
    name,
    package_dimensions: null,
    shippable: asBoolean(form.shippable, ['shippable']) ?? null,
    statement_descriptor: statementDescriptor ?? null,
    tax_code: asString(form.tax_code, ['tax_code']) ?? null,
    tax_details: null,
    type: 'service',
    unit_label: asString(form.unit_label, ['unit_label']) ?? null,
    updated: now,
    url,
  };
  standIn.store.products.set(id, { id, name, description: product.description, product, seq: standIn.store.nextSeq() });
  standIn.settings.log(`product ${id} created (${name})`);
  batch.emit('product.created', product, now);
  return product;
}

export function updateProduct(standIn: StandIn, record: ProductRecord & { product: Stripe.Product }, form: FormObject, batch: EventBatch) {
  if (form.name === '')
    throw invalidRequest(
      "You passed an empty string for 'name'. We assume empty values are an attempt to unset a parameter; however 'name' cannot be unset. You should remove 'name' from your request or supply a non-empty value.",
      'name',
    );
  const name = asString(form.name, ['name']);
  const active = asBoolean(form.active, ['active']);
  const description = form.description === '' ? null : asString(form.description, ['description']);
  const images = form.images === '' ? [] : parseImages(form);
  const url = form.url === '' ? null : asUrl(form.url, ['url']);
  const unitLabel = form.unit_label === '' ? null : asString(form.unit_label, ['unit_label']);
  const statementDescriptor = form.statement_descriptor === '' ? null : asString(form.statement_descriptor, ['statement_descriptor']);
  checkStatementDescriptor(statementDescriptor ?? undefined);
  const taxCode = form.tax_code === '' ? null : asString(form.tax_code, ['tax_code']);
  const shippable = asBoolean(form.shippable, ['shippable']);
  const metadata = form.metadata === undefined ? undefined : updateMetadata(record.product.metadata, form.metadata);
  let defaultPrice: string | null | undefined;
  if (form.default_price !== undefined) {
    defaultPrice = asString(form.default_price, ['default_price']) ?? null;
    if (defaultPrice !== null) {
      const price = getPrice(standIn, defaultPrice, 'default_price').price;
      if (price.product !== record.id)
        throw invalidRequest(`The price \`${defaultPrice}\` does not belong to this product.`, 'default_price');
      if (!price.active) throw invalidRequest('The price specified is inactive. This field only accepts active prices.', 'default_price');
    }
  }
  const now = standInNow(standIn);
  const event = batch.change('product.updated', record.product, now, (product) => {
    if (name !== undefined) product.name = name;
    if (active !== undefined) product.active = active;
    if (description !== undefined) product.description = description;
    if (images !== undefined) product.images = images;
    if (url !== undefined) product.url = url;
    if (unitLabel !== undefined) product.unit_label = unitLabel;
    if (statementDescriptor !== undefined) product.statement_descriptor = statementDescriptor;
    if (taxCode !== undefined) product.tax_code = taxCode;
    if (shippable !== undefined) product.shippable = shippable;
    if (metadata !== undefined) product.metadata = metadata;
    if (defaultPrice !== undefined) product.default_price = defaultPrice;
  });
  if (event) {
    // `updated` moves only when something did; the event already carries the change.
    record.product.updated = now;
    (event.event.data.object as Stripe.Product).updated = now;
  }
  record.name = record.product.name;
  record.description = record.product.description;
}

export const priceExpanders = (standIn: StandIn): Expanders => ({
  product: (id) => standIn.store.products.get(id as string)?.product ?? id,
});

export function renderPrice(standIn: StandIn, price: Stripe.Price, expand: readonly string[]) {
  return expandObject(price, expand, priceExpanders(standIn));
}

function parseRecurring(value: FormObject['x'], path: Path): Stripe.Price.Recurring | null {
  const recurring = asObject(value, path);
  if (recurring === undefined) return null;
  rejectUnknown(recurring, ['interval', 'interval_count', 'usage_type'], path);
  const interval = required(oneOf(recurring.interval, [...path, 'interval'], INTERVALS), [...path, 'interval']);
  const count = asInteger(recurring.interval_count, [...path, 'interval_count'], 1) ?? 1;
  if (count > MAX_INTERVAL_COUNT[interval])
    throw invalidRequest(
      'Maximum of three years interval allowed (3 years, 36 months, or 156 weeks).',
      paramName([...path, 'interval_count']),
    );
  oneOf(recurring.usage_type, [...path, 'usage_type'], ['licensed'] as const);
  return { interval, interval_count: count, meter: null, trial_period_days: null, usage_type: 'licensed' };
}

function parseLookupKey(form: FormObject): string | undefined {
  const key = asString(form.lookup_key, ['lookup_key']);
  if (key !== undefined && key.length > MAX_LOOKUP_KEY)
    throw invalidRequest(`lookup_key can have at most ${MAX_LOOKUP_KEY} characters.`, 'lookup_key');
  return key;
}

/** The price holding `key`, if any (archived prices keep theirs until it is transferred). */
function holderOf(standIn: StandIn, key: string): PriceRecord | undefined {
  return [...standIn.store.prices.values()].find((record) => record.price.lookup_key === key);
}

/** Checks `key` can go to `priceId` (refused when another price has it and no transfer is asked
 *  for); returns the price to take it from. */
function claimLookupKey(standIn: StandIn, key: string, priceId: string | null, transfer: boolean): PriceRecord | undefined {
  const holder = holderOf(standIn, key);
  if (!holder || holder.price.id === priceId) return undefined;
  if (!transfer)
    throw invalidRequest(
      `A price (\`${holder.price.id}\`) already uses that lookup key. Pass \`transfer_lookup_key=true\` to move it to this price.`,
      'lookup_key',
    );
  return holder;
}

function takeLookupKey(standIn: StandIn, holder: PriceRecord | undefined, batch: EventBatch) {
  if (!holder) return;
  batch.change('price.updated', holder.price, standInNow(standIn), (price) => {
    price.lookup_key = null;
  });
}

export function createPrice(standIn: StandIn, form: FormObject, batch: EventBatch): Stripe.Price {
  const currency = required(asString(form.currency, ['currency']), ['currency']).toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) throw invalidRequest(`Invalid currency: ${currency}`, 'currency');
  const productId = asString(form.product, ['product']);
  const productData = asObject(form.product_data, ['product_data']);
  if (productId !== undefined && productData !== undefined)
    throw invalidRequest('You may only specify one of these parameters: product, product_data.', 'product');
  if (productId === undefined && productData === undefined)
    throw invalidRequest('Missing required param: product.', 'product', 'parameter_missing');
  if (productData)
    rejectUnknown(productData, ['name', 'metadata', 'statement_descriptor', 'unit_label', 'tax_code', 'active'], ['product_data']);
  const unitAmount = asInteger(form.unit_amount, ['unit_amount'], 0, MAX_AMOUNT);
  if (unitAmount === undefined) throw invalidRequest('Missing required param: unit_amount.', 'unit_amount', 'parameter_missing');
  const recurring = parseRecurring(form.recurring, ['recurring']);
  const lookupKey = parseLookupKey(form);
  const transfer = asBoolean(form.transfer_lookup_key, ['transfer_lookup_key']) ?? false;
  const taxBehavior = oneOf(form.tax_behavior, ['tax_behavior'], TAX_BEHAVIORS) ?? 'unspecified';
  oneOf(form.billing_scheme, ['billing_scheme'], ['per_unit'] as const);
  const nickname = asString(form.nickname, ['nickname']) ?? null;
  const metadata = parseMetadata(form.metadata);
  const active = asBoolean(form.active, ['active']) ?? true;
  if (productId !== undefined) getProduct(standIn, productId, 'product');
  const previousHolder = lookupKey !== undefined ? claimLookupKey(standIn, lookupKey, null, transfer) : undefined;
  if (productData) required(asString(productData.name, ['product_data', 'name']), ['product_data', 'name']);
  const product = productId ?? createProduct(standIn, productData!, batch).id;
  takeLookupKey(standIn, previousHolder, batch);
  const now = standInNow(standIn);
  const price: Stripe.Price = {
    id: randomId('price_', 24),
    object: 'price',
    active,
    billing_scheme: 'per_unit',
    created: now,
    currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: lookupKey ?? null,
    metadata,
    nickname,
    product,
    recurring,
    tax_behavior: taxBehavior,
    tiers_mode: null,
    transform_quantity: null,
    type: recurring ? 'recurring' : 'one_time',
    unit_amount: unitAmount,
    unit_amount_decimal: decimal(unitAmount),
  };
  standIn.store.prices.set(price.id, { price, seq: standIn.store.nextSeq() });
  standIn.settings.log(`price ${price.id} created (${unitAmount} ${currency}${lookupKey ? `, ${lookupKey}` : ''})`);
  batch.emit('price.created', price, now);
  return price;
}

export function updatePrice(standIn: StandIn, record: PriceRecord, form: FormObject, batch: EventBatch) {
  const active = asBoolean(form.active, ['active']);
  const nickname = form.nickname === '' ? null : asString(form.nickname, ['nickname']);
  const metadata = form.metadata === undefined ? undefined : updateMetadata(record.price.metadata, form.metadata);
  const lookupKey = form.lookup_key === '' ? null : parseLookupKey(form);
  const transfer = asBoolean(form.transfer_lookup_key, ['transfer_lookup_key']) ?? false;
  const taxBehavior = oneOf(form.tax_behavior, ['tax_behavior'], TAX_BEHAVIORS);
  if (taxBehavior !== undefined && record.price.tax_behavior !== 'unspecified' && taxBehavior !== record.price.tax_behavior)
    throw invalidRequest('tax_behavior cannot be changed once it is set to exclusive or inclusive.', 'tax_behavior');
  const previousHolder = typeof lookupKey === 'string' ? claimLookupKey(standIn, lookupKey, record.price.id, transfer) : undefined;
  takeLookupKey(standIn, previousHolder, batch);
  batch.change('price.updated', record.price, standInNow(standIn), (price) => {
    if (active !== undefined) price.active = active;
    if (nickname !== undefined) price.nickname = nickname;
    if (metadata !== undefined) price.metadata = metadata;
    if (lookupKey !== undefined) price.lookup_key = lookupKey;
    if (taxBehavior !== undefined) price.tax_behavior = taxBehavior;
  });
}
