/** Coupons (`/v1/coupons`) and the promotion codes customers type (`/v1/promotion_codes`). */
import { standInNow } from '../core/context';
import {
  createCoupon,
  createPromotionCode,
  currentCoupon,
  getCoupon,
  getPromotionCode,
  parseRestrictions,
  promotionExpanders,
  renderPromotionCode,
  sameCode,
} from '../resources/coupons';
import { invalidRequest } from '../core/errors';
import type { Expanders } from '../core/expand';
import { asBoolean, asString, rejectUnknown, updateMetadata } from '../core/params';
import { createRoute, listRoute, NO_EXPANDERS, readExpand, retrieveRoute, withEvents } from './resource-routes';
import { ok, type Route } from './route';

const PROMOTION_CREATE = ['promotion', 'code', 'active', 'customer', 'expires_at', 'max_redemptions', 'metadata', 'restrictions', 'expand'];
const PROMOTION_UPDATE = ['active', 'metadata', 'restrictions', 'expand'];
const COUPON_CREATE = [
  'id',
  'percent_off',
  'amount_off',
  'currency',
  'duration',
  'duration_in_months',
  'name',
  'max_redemptions',
  'redeem_by',
  'metadata',
  'expand',
];

const COUPON_EXPANDERS: Expanders = { applies_to: (value) => value };
const couponExpanders = () => COUPON_EXPANDERS;

export const couponRoutes: Route[] = [
  createRoute(/^\/v1\/coupons$/, COUPON_CREATE, NO_EXPANDERS, createCoupon),
  listRoute({
    url: '/v1/coupons',
    noun: 'coupon',
    filters: [],
    expanders: couponExpanders,
    select: (standIn) => [...standIn.store.coupons.values()],
    objectOf: currentCoupon,
  }),
  retrieveRoute(/^\/v1\/coupons\/([^/]+)$/, couponExpanders, (standIn, id) => currentCoupon(standIn, getCoupon(standIn, id))),
  {
    method: 'POST',
    path: /^\/v1\/coupons\/([^/]+)$/,
    handle(standIn, { form, origin }, [id]) {
      readExpand(form, ['name', 'metadata', 'expand'], COUPON_EXPANDERS);
      const record = getCoupon(standIn, id);
      const name = form.name === '' ? null : asString(form.name, ['name']);
      if (typeof name === 'string' && name.length > 40) throw invalidRequest('name can have at most 40 characters.', 'name');
      const metadata = form.metadata === undefined ? undefined : updateMetadata(record.coupon.metadata ?? {}, form.metadata);
      withEvents(standIn, origin, (batch) =>
        batch.change('coupon.updated', record.coupon, standInNow(standIn), (coupon) => {
          if (name !== undefined) coupon.name = name;
          if (metadata !== undefined) coupon.metadata = metadata;
        }),
      );
      return ok(currentCoupon(standIn, record));
    },
  },
  {
    method: 'DELETE',
    path: /^\/v1\/coupons\/([^/]+)$/,
    handle(standIn, { form, origin }, [id]) {
      rejectUnknown(form, []);
      const record = getCoupon(standIn, id);
      // Discounts already made keep working, as on Stripe; no new redemption can name it.
      standIn.store.coupons.delete(id);
      for (const code of standIn.store.promotionCodes.values())
        if (code.promotionCode.promotion.coupon === id) code.promotionCode.active = false;
      record.coupon.valid = false;
      withEvents(standIn, origin, (batch) => batch.emit('coupon.deleted', record.coupon, standInNow(standIn)));
      return ok({ id, object: 'coupon', deleted: true });
    },
  },
  createRoute(/^\/v1\/promotion_codes$/, PROMOTION_CREATE, promotionExpanders, createPromotionCode),
  listRoute({
    url: '/v1/promotion_codes',
    noun: 'promotion code',
    filters: ['code', 'active', 'coupon', 'customer'],
    expanders: promotionExpanders,
    select(standIn, form) {
      const code = asString(form.code, ['code']);
      const active = asBoolean(form.active, ['active']);
      const coupon = asString(form.coupon, ['coupon']);
      const customer = asString(form.customer, ['customer']);
      return [...standIn.store.promotionCodes.values()].filter(
        ({ promotionCode }) =>
          (code === undefined || sameCode(promotionCode.code, code)) &&
          (active === undefined || promotionCode.active === active) &&
          (coupon === undefined || promotionCode.promotion.coupon === coupon) &&
          (customer === undefined || promotionCode.customer === customer),
      );
    },
    objectOf: (_standIn, record) => record.promotionCode,
  }),
  retrieveRoute(/^\/v1\/promotion_codes\/([^/]+)$/, promotionExpanders, (standIn, id) => getPromotionCode(standIn, id).promotionCode),
  {
    method: 'POST',
    path: /^\/v1\/promotion_codes\/([^/]+)$/,
    handle(standIn, { form, origin }, [id]) {
      const expand = readExpand(form, PROMOTION_UPDATE, promotionExpanders(standIn));
      const record = getPromotionCode(standIn, id);
      const active = asBoolean(form.active, ['active']);
      const metadata = form.metadata === undefined ? undefined : updateMetadata(record.promotionCode.metadata ?? {}, form.metadata);
      const restrictions = form.restrictions === undefined ? undefined : parseRestrictions(form);
      if (active === true && !record.promotionCode.active) {
        const clash = [...standIn.store.promotionCodes.values()].some(
          (other) => other !== record && other.promotionCode.active && sameCode(other.promotionCode.code, record.promotionCode.code),
        );
        if (clash)
          throw invalidRequest(
            `An active promotion code with \`code: ${record.promotionCode.code}\` already exists.`,
            'active',
            'resource_already_exists',
          );
      }
      withEvents(standIn, origin, (batch) =>
        batch.change('promotion_code.updated', record.promotionCode, standInNow(standIn), (code) => {
          if (active !== undefined) code.active = active;
          if (metadata !== undefined) code.metadata = metadata;
          if (restrictions !== undefined) code.restrictions = restrictions;
        }),
      );
      return ok(renderPromotionCode(standIn, record.promotionCode, expand));
    },
  },
];
