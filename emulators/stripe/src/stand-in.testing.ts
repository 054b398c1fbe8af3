// Shared set-up of the Stripe stand-in's test files (emulators/stripe): one stand-in per file,
// delivering to a webhook receiver and driven by the real `stripe` SDK; events checked with the
// SDK's own verifier; a plan bought on the hosted Checkout page; calendar months.
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { start, type RunningStripe } from './server';
import { postForm, TERMS_OF_SERVICE_URL, WebhookReceiver } from './peers.testing';

export const SUCCESS_URL = 'http://127.0.0.1:4173/checkout/success?session_id={CHECKOUT_SESSION_ID}';
export const TEST_CARD = '4242 4242 4242 4242';

/** What paying a subscription's Checkout sends once its customer exists, in Stripe's order: the
 *  card, the subscription and its paid first invoice, then the session itself. */
export const SUBSCRIPTION_PAID_EVENTS = [
  'payment_method.attached',
  'customer.updated',
  'customer.subscription.created',
  'invoice.created',
  'invoice.finalized',
  'invoice.paid',
  'invoice.payment_succeeded',
  'customer.subscription.updated',
  'checkout.session.completed',
];

/** One monthly plan priced inline (`price_data`), as a session made without the catalogue. */
export function monthlyLine(name: string, cents: number): Stripe.Checkout.SessionCreateParams.LineItem {
  return { quantity: 1, price_data: { currency: 'usd', unit_amount: cents, recurring: { interval: 'month' }, product_data: { name } } };
}

/** Calendar months later, at the same time of day, clamped to the month's last day (UTC). */
export function addMonths(seconds: number, months: number): number {
  const start = new Date(seconds * 1000);
  const end = new Date(
    Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + months, 1, start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds()),
  );
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return end.getTime() / 1000;
}

/** A plan bought through Checkout: its subscription and customer (expanded), and the customer's clock. */
export interface Subscribed {
  session: Stripe.Checkout.Session;
  subscription: Stripe.Subscription;
  customer: Stripe.Customer;
  clockId: string;
}

export interface SubscribeOptions {
  /** Bill this customer; by default Checkout makes one for ada@example.com. */
  customer?: string;
  /** The product; default 'Web app — Earth plan'. */
  name?: string;
  /** Cents a period; default 750_000 ($7,500.00). */
  amount?: number;
  interval?: 'month' | 'year';
}

export interface StripeStandIn {
  /** Where the stand-in delivers its events; cleared before each test. */
  receiver: WebhookReceiver;
  /** The stand-in, reset before each test. */
  standIn: RunningStripe;
  /** The SDK pointed at it, with no automatic retries: each test sees exactly the answer it gave. */
  stripe: Stripe;
  secretKey: string;
  webhookSecret: string;
  /** Every delivery the receiver got so far, verified and parsed by the SDK (retries included,
   *  unless `firstDeliveryOnly`). */
  verifiedEvents(options?: { firstDeliveryOnly?: boolean }): Stripe.Event[];
  /** Once every delivery is over: what the webhook was sent (of one type), verified. */
  settledEvents(type?: string): Promise<Stripe.Event[]>;
  /** Pay on the hosted Checkout page, as a browser posts its form (the page's test card by default). */
  pay(session: Pick<Stripe.Checkout.Session, 'id'>, fields?: Record<string, string>): ReturnType<typeof postForm>;
  /** A plan as the shop sells it ($7,500.00 a month, subscription metadata `orderId: 'order-1'`):
   *  a subscription Checkout session paid on the hosted page with the test card; then every
   *  delivery is let finish and the receiver cleared. */
  subscribe(options?: SubscribeOptions): Promise<Subscribed>;
}

/**
 * Starts a stand-in for the calling file or describe block (its hooks are registered there) and
 * resets it before each test. `standIn` and `stripe` can be destructured at once: they stand for
 * the ones started in `beforeAll`.
 */
export function useStripeStandIn(label: string): StripeStandIn {
  const name = label.replace(/-/g, '_');
  const secretKey = `sk_test_${name}_suite`;
  const webhookSecret = `whsec_${name}_suite`;
  const receiver = new WebhookReceiver();
  let running: { standIn: RunningStripe; stripe: Stripe } | undefined;
  const current = () => {
    if (!running) throw new Error(`the Stripe stand-in "${label}" is used outside its suite`);
    return running;
  };

  beforeAll(async () => {
    await receiver.start();
    const standIn = await start({
      port: 0,
      quiet: true,
      secretKey,
      webhookSecret,
      webhookUrl: receiver.url,
      retryDelaysMs: [20, 40, 80],
      termsOfServiceUrl: TERMS_OF_SERVICE_URL,
    });
    running = { standIn, stripe: new Stripe(secretKey, { host: '127.0.0.1', port: standIn.port, protocol: 'http', maxNetworkRetries: 0 }) };
  });
  afterAll(async () => {
    await running?.standIn.stop();
    running = undefined;
    await receiver.stop();
  });
  beforeEach(() => {
    current().standIn.reset();
    receiver.clear();
  });

  const standIn = lateBound(() => current().standIn);
  const stripe = lateBound(() => current().stripe);

  const verifiedEvents = ({ firstDeliveryOnly = false } = {}): Stripe.Event[] => {
    const events = receiver.received.map(({ body, signature }) => stripe.webhooks.constructEvent(body, signature, webhookSecret));
    return firstDeliveryOnly ? events.filter((event, index) => events.findIndex((other) => other.id === event.id) === index) : events;
  };

  const settledEvents = async (type?: string): Promise<Stripe.Event[]> => {
    await standIn.settled();
    return verifiedEvents().filter((event) => type === undefined || event.type === type);
  };

  const pay = (session: Pick<Stripe.Checkout.Session, 'id'>, fields: Record<string, string> = { card_number: TEST_CARD }) =>
    postForm(`${standIn.url}/c/pay/${session.id}/pay`, fields);

  const subscribe = async ({
    customer,
    name = 'Web app — Earth plan',
    amount = 750_000,
    interval = 'month',
  }: SubscribeOptions = {}): Promise<Subscribed> => {
    const created = await stripe.checkout.sessions.create({
      mode: 'subscription',
      success_url: SUCCESS_URL,
      ...(customer ? { customer } : { customer_email: 'ada@example.com' }),
      subscription_data: { metadata: { orderId: 'order-1' } },
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: amount, recurring: { interval }, product_data: { name } } }],
    });
    expect((await pay(created)).status).toBe(303);
    const session = await stripe.checkout.sessions.retrieve(created.id, { expand: ['subscription', 'customer'] });
    const buyer = session.customer as Stripe.Customer;
    await standIn.settled();
    receiver.clear();
    return { session, subscription: session.subscription as Stripe.Subscription, customer: buyer, clockId: buyer.test_clock as string };
  };

  return { receiver, standIn, stripe, secretKey, webhookSecret, verifiedEvents, settledEvents, pay, subscribe };
}

/** An object that forwards to the one `get` returns when it is used (its methods bound to it). */
function lateBound<T extends object>(get: () => T): T {
  return new Proxy({} as T, {
    get(_, key) {
      const target = get();
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
