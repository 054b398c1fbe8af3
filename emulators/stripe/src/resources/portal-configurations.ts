/**
 * Billing portal configurations (`/v1/billing_portal/configurations`): what the customer portal
 * lets a customer do — update the card, see invoices, update email/address/tax IDs, cancel (at the
 * period's end, with reasons), switch between the listed Prices with a proration behaviour.
 * The account's default configuration (`is_default: true`, the one a portal session without
 * `configuration` uses) exists from the start, as the Dashboard's does on Stripe.
 * Events: billing_portal.configuration.created/updated.
 */
import type Stripe from 'stripe';
import { getPrice, getProduct } from './catalogue';
import { standInNow, type StandIn } from '../core/context';
import { invalidRequest, noSuch, found } from '../core/errors';
import type { EventBatch } from '../core/events';
import { paramName, type FormObject, type FormValue } from '../core/form-encoding';
import { randomId } from '../core/ids';
import {
  asBoolean,
  asList,
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
import type { PortalConfigurationRecord } from '../core/store';

type Configuration = Stripe.BillingPortal.Configuration;
type Features = Stripe.BillingPortal.Configuration.Features;

/** The default configuration's id (what portal sessions named before configurations existed). */
export const DEFAULT_PORTAL_CONFIGURATION = 'bpc_1StandInDefaultPortal';

const CUSTOMER_UPDATES = ['address', 'email', 'name', 'phone', 'shipping', 'tax_id'] as const;
const CANCEL_REASONS = [
  'customer_service',
  'low_quality',
  'missing_features',
  'other',
  'switched_service',
  'too_complex',
  'too_expensive',
  'unused',
] as const;
const PRORATION = ['always_invoice', 'create_prorations', 'none'] as const;

const DEFAULT_FEATURES = (): Features => ({
  customer_update: { allowed_updates: [], enabled: false },
  invoice_history: { enabled: true },
  payment_method_update: { enabled: true, payment_method_configuration: null },
  subscription_cancel: {
    cancellation_reason: { enabled: false, feedback_options: null, options: [] },
    enabled: true,
    mode: 'at_period_end',
    proration_behavior: 'none',
  },
  subscription_pause: { duration: { interval_options: [], type: 'indefinite' }, enabled: false },
  subscription_update: {
    billing_cycle_anchor: null,
    default_allowed_updates: [],
    enabled: false,
    products: [],
    proration_behavior: 'none',
    schedule_at_period_end: { conditions: [] },
    trial_update_behavior: 'end_trial',
  },
});

function blankConfiguration(id: string, now: number, isDefault: boolean): Configuration {
  return {
    id,
    object: 'billing_portal.configuration',
    active: true,
    application: null,
    business_profile: { headline: null, privacy_policy_url: null, terms_of_service_url: null },
    created: now,
    default_return_url: null,
    features: DEFAULT_FEATURES(),
    is_default: isDefault,
    livemode: false,
    login_page: { enabled: false, url: null },
    metadata: {},
    name: null,
    updated: now,
  };
}

/** Makes the default configuration if the store has none yet (after a reset, too). */
export function ensureDefault(standIn: StandIn) {
  if (standIn.store.portalConfigurations.has(DEFAULT_PORTAL_CONFIGURATION)) return;
  const configuration = blankConfiguration(DEFAULT_PORTAL_CONFIGURATION, 1_767_225_600, true);
  // Oldest of all, so lists end with it.
  standIn.store.portalConfigurations.set(configuration.id, { configuration, seq: 0 });
}

export function getPortalConfiguration(standIn: StandIn, id: string, param = 'id'): PortalConfigurationRecord {
  ensureDefault(standIn);
  return found(standIn.store.portalConfigurations.get(id), () => noSuch('configuration', id, param));
}

/** The configuration a new portal session uses: the named one (it must be active), else the default. */
export function sessionConfiguration(standIn: StandIn, id: string | undefined): Configuration {
  const record = getPortalConfiguration(standIn, id ?? DEFAULT_PORTAL_CONFIGURATION, 'configuration');
  if (!record.configuration.active)
    throw invalidRequest(
      `The configuration ${record.configuration.id} is inactive and cannot be used to create a portal session.`,
      'configuration',
    );
  return record.configuration;
}

const featurePath = (...names: string[]): Path => ['features', ...names];

function parseProducts(
  standIn: StandIn,
  value: FormValue | undefined,
  path: Path,
): Stripe.BillingPortal.Configuration.Features.SubscriptionUpdate.Product[] | undefined {
  if (value === '') return [];
  const list = asList(value, path);
  return list?.map((entry, i) => {
    const itemPath = [...path, String(i)];
    const item = required(asObject(entry, itemPath), itemPath);
    rejectUnknown(item, ['product', 'prices', 'adjustable_quantity'], itemPath);
    const product = required(asString(item.product, [...itemPath, 'product']), [...itemPath, 'product']);
    getProduct(standIn, product, paramName([...itemPath, 'product']));
    const prices = required(asStringList(item.prices, [...itemPath, 'prices']), [...itemPath, 'prices']);
    prices.forEach((priceId, j) => {
      const param = paramName([...itemPath, 'prices', String(j)]);
      const price = getPrice(standIn, priceId, param).price;
      if (price.product !== product) throw invalidRequest(`The price \`${priceId}\` does not belong to the product \`${product}\`.`, param);
      if (price.type !== 'recurring') throw invalidRequest(`The price \`${priceId}\` is not a recurring price.`, param);
    });
    const quantity = asObject(item.adjustable_quantity, [...itemPath, 'adjustable_quantity']);
    if (quantity) rejectUnknown(quantity, ['enabled', 'maximum', 'minimum'], [...itemPath, 'adjustable_quantity']);
    return {
      adjustable_quantity: {
        enabled: asBoolean(quantity?.enabled, [...itemPath, 'adjustable_quantity', 'enabled']) ?? false,
        maximum: null,
        minimum: 0,
      },
      prices,
      product,
    };
  });
}

/** Reads `features[…]` onto `current` (a copy is changed and returned); on creation `current` is
 *  the defaults. Every feature object Stripe takes, with the fields it takes. */
function parseFeatures(standIn: StandIn, value: FormValue | undefined, current: Features, creating: boolean): Features {
  const features = structuredClone(current);
  const form = asObject(value, ['features']);
  if (form === undefined) {
    if (creating) throw invalidRequest('Missing required param: features.', 'features', 'parameter_missing');
    return features;
  }
  rejectUnknown(
    form,
    ['customer_update', 'invoice_history', 'payment_method_update', 'subscription_cancel', 'subscription_pause', 'subscription_update'],
    ['features'],
  );

  readCustomerUpdate(form, features, creating);
  readSwitches(form, features);
  readSubscriptionCancel(form, features, creating);
  refusePause(form);
  readSubscriptionUpdate(standIn, form, features, creating);
  const su = features.subscription_update;
  if (su.enabled && (su.default_allowed_updates.length === 0 || (su.products ?? []).length === 0))
    throw invalidRequest(
      'When subscription_update is enabled, default_allowed_updates and products must not be empty.',
      paramName(featurePath('subscription_update', su.default_allowed_updates.length === 0 ? 'default_allowed_updates' : 'products')),
    );
  return features;
}

/** `features[customer_update]`: whether and what a customer may change of their details. */
function readCustomerUpdate(form: FormObject, features: Features, creating: boolean) {
  const customerUpdate = asObject(form.customer_update, featurePath('customer_update'));
  if (customerUpdate) {
    rejectUnknown(customerUpdate, ['allowed_updates', 'enabled'], featurePath('customer_update'));
    const enabled = asBoolean(customerUpdate.enabled, featurePath('customer_update', 'enabled'));
    if (creating && enabled === undefined) required(enabled, featurePath('customer_update', 'enabled'));
    if (enabled !== undefined) features.customer_update.enabled = enabled;
    if (customerUpdate.allowed_updates === '') features.customer_update.allowed_updates = [];
    else {
      const updates = asList(customerUpdate.allowed_updates, featurePath('customer_update', 'allowed_updates'));
      if (updates)
        features.customer_update.allowed_updates = updates.map((entry, i) =>
          required(
            oneOf(entry, featurePath('customer_update', 'allowed_updates', String(i)), CUSTOMER_UPDATES),
            featurePath('customer_update', 'allowed_updates', String(i)),
          ),
        );
    }
  }
}

/** `features[invoice_history]` and `features[payment_method_update]`: on or off. */
function readSwitches(form: FormObject, features: Features) {
  for (const name of ['invoice_history', 'payment_method_update'] as const) {
    const feature = asObject(form[name], featurePath(name));
    if (!feature) continue;
    rejectUnknown(feature, name === 'payment_method_update' ? ['enabled', 'payment_method_configuration'] : ['enabled'], featurePath(name));
    features[name].enabled = required(asBoolean(feature.enabled, featurePath(name, 'enabled')), featurePath(name, 'enabled'));
  }
}

/** `features[subscription_cancel]`: when a cancellation takes effect, and the reasons asked for. */
function readSubscriptionCancel(form: FormObject, features: Features, creating: boolean) {
  const cancel = asObject(form.subscription_cancel, featurePath('subscription_cancel'));
  if (cancel) {
    rejectUnknown(cancel, ['cancellation_reason', 'enabled', 'mode', 'proration_behavior'], featurePath('subscription_cancel'));
    const enabled = asBoolean(cancel.enabled, featurePath('subscription_cancel', 'enabled'));
    if (creating) required(enabled, featurePath('subscription_cancel', 'enabled'));
    if (enabled !== undefined) features.subscription_cancel.enabled = enabled;
    const mode = oneOf(cancel.mode, featurePath('subscription_cancel', 'mode'), ['at_period_end', 'immediately'] as const);
    if (mode) features.subscription_cancel.mode = mode;
    const proration = oneOf(cancel.proration_behavior, featurePath('subscription_cancel', 'proration_behavior'), PRORATION);
    if (proration) features.subscription_cancel.proration_behavior = proration;
    const reasonPath = featurePath('subscription_cancel', 'cancellation_reason');
    const reason = asObject(cancel.cancellation_reason, reasonPath);
    if (reason) {
      rejectUnknown(reason, ['enabled', 'options', 'feedback_options'], reasonPath);
      const reasonEnabled = required(asBoolean(reason.enabled, [...reasonPath, 'enabled']), [...reasonPath, 'enabled']);
      const options =
        reason.options === ''
          ? []
          : required(asList(reason.options, [...reasonPath, 'options']), [...reasonPath, 'options']).map((entry, i) =>
              required(oneOf(entry, [...reasonPath, 'options', String(i)], CANCEL_REASONS), [...reasonPath, 'options', String(i)]),
            );
      features.subscription_cancel.cancellation_reason = { enabled: reasonEnabled, feedback_options: null, options };
    }
  }
}

/** `features[subscription_pause]`: refused when enabled (the stand-in does not pause). */
function refusePause(form: FormObject) {
  const pause = asObject(form.subscription_pause, featurePath('subscription_pause'));
  if (pause) {
    rejectUnknown(pause, ['enabled'], featurePath('subscription_pause'));
    if (asBoolean(pause.enabled, featurePath('subscription_pause', 'enabled')) === true)
      throw invalidRequest('The Stripe stand-in does not pause subscriptions.', paramName(featurePath('subscription_pause', 'enabled')));
  }
}

/** `features[subscription_update]`: which products' prices a customer may switch between, and how
 *  the switch is prorated and scheduled. */
function readSubscriptionUpdate(standIn: StandIn, form: FormObject, features: Features, creating: boolean) {
  const update = asObject(form.subscription_update, featurePath('subscription_update'));
  if (update) {
    const path = featurePath('subscription_update');
    rejectUnknown(
      update,
      [
        'billing_cycle_anchor',
        'default_allowed_updates',
        'enabled',
        'products',
        'proration_behavior',
        'schedule_at_period_end',
        'trial_update_behavior',
      ],
      path,
    );
    const enabled = asBoolean(update.enabled, [...path, 'enabled']);
    if (creating) required(enabled, [...path, 'enabled']);
    if (enabled !== undefined) features.subscription_update.enabled = enabled;
    if (update.default_allowed_updates === '') features.subscription_update.default_allowed_updates = [];
    else {
      const allowed = asList(update.default_allowed_updates, [...path, 'default_allowed_updates']);
      if (allowed)
        features.subscription_update.default_allowed_updates = allowed.map((entry, i) =>
          required(oneOf(entry, [...path, 'default_allowed_updates', String(i)], ['price', 'promotion_code', 'quantity'] as const), [
            ...path,
            'default_allowed_updates',
            String(i),
          ]),
        );
    }
    const products = parseProducts(standIn, update.products, [...path, 'products']);
    if (products) features.subscription_update.products = products;
    const proration = oneOf(update.proration_behavior, [...path, 'proration_behavior'], PRORATION);
    if (proration) features.subscription_update.proration_behavior = proration;
    const anchor = oneOf(update.billing_cycle_anchor, [...path, 'billing_cycle_anchor'], ['now', 'unchanged'] as const);
    if (anchor) features.subscription_update.billing_cycle_anchor = anchor;
    const trial = oneOf(update.trial_update_behavior, [...path, 'trial_update_behavior'], ['continue_trial', 'end_trial'] as const);
    if (trial) features.subscription_update.trial_update_behavior = trial;
    if (update.schedule_at_period_end !== undefined) {
      const schedule = asObject(update.schedule_at_period_end, [...path, 'schedule_at_period_end']);
      if (schedule) rejectUnknown(schedule, ['conditions'], [...path, 'schedule_at_period_end']);
      const conditions = asList(schedule?.conditions, [...path, 'schedule_at_period_end', 'conditions']) ?? [];
      features.subscription_update.schedule_at_period_end = {
        conditions: conditions.map((entry, i) => {
          const conditionPath = [...path, 'schedule_at_period_end', 'conditions', String(i)];
          const condition = required(asObject(entry, conditionPath), conditionPath);
          rejectUnknown(condition, ['type'], conditionPath);
          return {
            type: required(oneOf(condition.type, [...conditionPath, 'type'], ['decreasing_item_amount', 'shortening_interval'] as const), [
              ...conditionPath,
              'type',
            ]),
          };
        }),
      };
    }
  }
}

function parseBusinessProfile(
  value: FormValue | undefined,
  current: Stripe.BillingPortal.Configuration.BusinessProfile,
): Stripe.BillingPortal.Configuration.BusinessProfile {
  const form = asObject(value, ['business_profile']);
  if (!form) return current;
  rejectUnknown(form, ['headline', 'privacy_policy_url', 'terms_of_service_url'], ['business_profile']);
  const read = (name: 'privacy_policy_url' | 'terms_of_service_url') =>
    form[name] === '' ? null : (asUrl(form[name], ['business_profile', name]) ?? current[name]);
  const headline = form.headline === '' ? null : (asString(form.headline, ['business_profile', 'headline']) ?? current.headline);
  if (headline !== null && headline.length > 60)
    throw invalidRequest('The headline can have at most 60 characters.', 'business_profile[headline]');
  return { headline, privacy_policy_url: read('privacy_policy_url'), terms_of_service_url: read('terms_of_service_url') };
}

function parseLoginPage(
  value: FormValue | undefined,
  current: Stripe.BillingPortal.Configuration.LoginPage,
  id: string,
  baseUrl: string,
): Stripe.BillingPortal.Configuration.LoginPage {
  const form = asObject(value, ['login_page']);
  if (!form) return current;
  rejectUnknown(form, ['enabled'], ['login_page']);
  const enabled = required(asBoolean(form.enabled, ['login_page', 'enabled']), ['login_page', 'enabled']);
  // The stand-in has no login page of its own: the link names one, opening it is a 404.
  return { enabled, url: enabled ? `${baseUrl}/p/login/${id}` : null };
}

export function createPortalConfiguration(standIn: StandIn, form: FormObject, batch: EventBatch): Configuration {
  const now = standInNow(standIn);
  const id = randomId('bpc_', 24);
  const configuration = blankConfiguration(id, now, false);
  configuration.features = parseFeatures(standIn, form.features, configuration.features, true);
  configuration.business_profile = parseBusinessProfile(form.business_profile, configuration.business_profile);
  configuration.default_return_url = asUrl(form.default_return_url, ['default_return_url']) ?? null;
  configuration.login_page = parseLoginPage(form.login_page, configuration.login_page, id, standIn.settings.baseUrl);
  configuration.metadata = parseMetadata(form.metadata);
  configuration.name = asString(form.name, ['name']) ?? null;
  standIn.store.portalConfigurations.set(id, { configuration, seq: standIn.store.nextSeq() });
  standIn.settings.log(`billing portal configuration ${id} created`);
  batch.emit('billing_portal.configuration.created', configuration, now);
  return configuration;
}

export function updatePortalConfiguration(standIn: StandIn, record: PortalConfigurationRecord, form: FormObject, batch: EventBatch) {
  const current = record.configuration;
  const active = asBoolean(form.active, ['active']);
  if (active === false && current.is_default) throw invalidRequest('You cannot deactivate the default configuration.', 'active');
  const features = parseFeatures(standIn, form.features, current.features, false);
  const businessProfile = parseBusinessProfile(form.business_profile, current.business_profile);
  const returnUrl = form.default_return_url === '' ? null : asUrl(form.default_return_url, ['default_return_url']);
  const loginPage = parseLoginPage(form.login_page, current.login_page, current.id, standIn.settings.baseUrl);
  const metadata = form.metadata === undefined ? undefined : updateMetadata(current.metadata ?? {}, form.metadata);
  const name = form.name === '' ? null : asString(form.name, ['name']);
  const now = standInNow(standIn);
  const event = batch.change('billing_portal.configuration.updated', current, now, (configuration) => {
    if (active !== undefined) configuration.active = active;
    configuration.features = features;
    configuration.business_profile = businessProfile;
    if (returnUrl !== undefined) configuration.default_return_url = returnUrl;
    configuration.login_page = loginPage;
    if (metadata !== undefined) configuration.metadata = metadata;
    if (name !== undefined) configuration.name = name;
  });
  if (event) {
    current.updated = now;
    (event.event.data.object as Configuration).updated = now;
  }
}
