/** The catalogue's routes: Products (`/v1/products`), Prices (`/v1/prices`) and the tax table's
 *  rates (`/v1/tax_rates`). */
import type Stripe from 'stripe';
import {
  createPrice,
  createProduct,
  getPrice,
  getProduct,
  INTERVALS,
  priceExpanders,
  productExpanders,
  updatePrice,
  updateProduct,
} from '../resources/catalogue';
import { standInNow } from '../core/context';
import { invalidRequest, noSuch } from '../core/errors';
import { assertExpandable, itemPaths } from '../core/expand';
import { listPage, parseListParams } from '../core/lists';
import { asBoolean, asObject, asString, asStringList, oneOf, rejectUnknown } from '../core/params';
import type { ProductRecord } from '../core/store';
import { TAX_TABLE, taxRateObject } from '../resources/tax-table';
import { createRoute, listRoute, NO_EXPANDERS, retrieveRoute, updateRoute, withEvents } from './resource-routes';
import { ok, type Route } from './route';

const PRICE_CREATE = [
  'currency',
  'product',
  'product_data',
  'unit_amount',
  'recurring',
  'lookup_key',
  'transfer_lookup_key',
  'metadata',
  'nickname',
  'active',
  'tax_behavior',
  'billing_scheme',
  'expand',
];
const PRICE_UPDATE = ['active', 'metadata', 'nickname', 'lookup_key', 'transfer_lookup_key', 'tax_behavior', 'expand'];
/** What a Product takes on creation and on update alike. */
const PRODUCT_FIELDS = [
  'name',
  'active',
  'description',
  'metadata',
  'images',
  'url',
  'unit_label',
  'statement_descriptor',
  'tax_code',
  'shippable',
];
const PRODUCT_CREATE = ['id', ...PRODUCT_FIELDS, 'expand'];
const PRODUCT_UPDATE = [...PRODUCT_FIELDS, 'default_price', 'expand'];
const PRODUCT_PATH = /^\/v1\/products\/([^/]+)$/;
const PRICE_PATH = /^\/v1\/prices\/([^/]+)$/;

export const catalogueRoutes: Route[] = [
  createRoute(/^\/v1\/products$/, PRODUCT_CREATE, productExpanders, createProduct),
  listRoute({
    url: '/v1/products',
    noun: 'product',
    filters: ['active', 'ids', 'shippable', 'url'],
    expanders: productExpanders,
    select(standIn, form) {
      const active = asBoolean(form.active, ['active']);
      const ids = asStringList(form.ids, ['ids']);
      const shippable = asBoolean(form.shippable, ['shippable']);
      const url = asString(form.url, ['url']);
      return [...standIn.store.products.values()].filter(
        (record): record is ProductRecord & { product: Stripe.Product; seq: number } =>
          record.product !== undefined &&
          (active === undefined || record.product.active === active) &&
          (ids === undefined || ids.includes(record.id)) &&
          (shippable === undefined || record.product.shippable === shippable) &&
          (url === undefined || record.product.url === url),
      );
    },
    objectOf: (_standIn, record) => record.product,
  }),
  retrieveRoute(PRODUCT_PATH, productExpanders, (standIn, id) => getProduct(standIn, id).product),
  updateRoute(PRODUCT_PATH, PRODUCT_UPDATE, productExpanders, getProduct, updateProduct, (_standIn, record) => record.product),
  {
    method: 'DELETE',
    path: PRODUCT_PATH,
    handle(standIn, { form, origin }, [id]) {
      rejectUnknown(form, []);
      const record = getProduct(standIn, id);
      if ([...standIn.store.prices.values()].some((price) => price.price.product === id))
        throw invalidRequest('This product cannot be deleted because it has one or more user-created prices.', 'id');
      standIn.store.products.delete(id);
      withEvents(standIn, origin, (batch) => batch.emit('product.deleted', record.product, standInNow(standIn)));
      return ok({ id, object: 'product', deleted: true });
    },
  },
  createRoute(/^\/v1\/prices$/, PRICE_CREATE, priceExpanders, createPrice),
  listRoute({
    url: '/v1/prices',
    noun: 'price',
    filters: ['active', 'product', 'type', 'currency', 'lookup_keys', 'recurring'],
    expanders: priceExpanders,
    select(standIn, form) {
      const active = asBoolean(form.active, ['active']);
      const product = asString(form.product, ['product']);
      const type = oneOf(form.type, ['type'], ['one_time', 'recurring'] as const);
      const currency = asString(form.currency, ['currency'])?.toLowerCase();
      const lookupKeys = asStringList(form.lookup_keys, ['lookup_keys']);
      if (lookupKeys && lookupKeys.length > 10) throw invalidRequest('You can pass at most 10 lookup_keys.', 'lookup_keys');
      const recurring = asObject(form.recurring, ['recurring']);
      if (recurring) rejectUnknown(recurring, ['interval', 'usage_type', 'meter'], ['recurring']);
      const interval = oneOf(recurring?.interval, ['recurring', 'interval'], INTERVALS);
      const usageType = oneOf(recurring?.usage_type, ['recurring', 'usage_type'], ['licensed', 'metered'] as const);
      return [...standIn.store.prices.values()].filter(
        ({ price }) =>
          (active === undefined || price.active === active) &&
          (product === undefined || price.product === product) &&
          (type === undefined || price.type === type) &&
          (currency === undefined || price.currency === currency) &&
          (lookupKeys === undefined || (price.lookup_key !== null && lookupKeys.includes(price.lookup_key))) &&
          (interval === undefined || price.recurring?.interval === interval) &&
          (usageType === undefined || price.recurring?.usage_type === usageType),
      );
    },
    objectOf: (_standIn, record) => record.price,
  }),
  retrieveRoute(PRICE_PATH, priceExpanders, (standIn, id) => getPrice(standIn, id).price),
  updateRoute(PRICE_PATH, PRICE_UPDATE, priceExpanders, getPrice, updatePrice, (_standIn, record) => record.price),
  {
    method: 'GET',
    path: /^\/v1\/tax_rates$/,
    handle(_standIn, { form }) {
      const params = parseListParams(form, ['active']);
      assertExpandable(itemPaths(params.expand), {});
      const active = asBoolean(form.active, ['active']);
      const rates = TAX_TABLE.map(taxRateObject).filter((rate) => active === undefined || rate.active === active);
      return ok(listPage(rates, params, '/v1/tax_rates', 'tax_rate'));
    },
  },
  retrieveRoute(/^\/v1\/tax_rates\/([^/]+)$/, NO_EXPANDERS, (_standIn, id) => {
    const region = TAX_TABLE.find((entry) => entry.id === id);
    if (!region) throw noSuch('tax_rate', id);
    return taxRateObject(region);
  }),
];
