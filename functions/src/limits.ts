/** Each function's time limit and instance cap, chosen from what it does
 *  (docs/decisions/0136-pinned-functions-and-limits.md).
 *  The functions run with firebase-tools' default 256 MiB and a fraction of a CPU, where Cloud Run
 *  serves one request per instance: `maxInstances` is how many requests run at once, and what an
 *  abusive client can make us pay for. A request over the cap waits in Cloud Run's queue, then is
 *  refused with 429; Stripe retries a refused webhook for days, Eventarc a refused trigger. A
 *  Stripe call gives up after 20 s (stripe-client.ts), so a function calling Stripe in sequence has
 *  room for a few. */

export interface FunctionLimits {
  timeoutSeconds: number;
  maxInstances: number;
}

const limit = (timeoutSeconds: number, maxInstances: number): FunctionLimits => ({ timeoutSeconds, maxInstances });

export const FUNCTION_LIMITS = {
  // Emulator only: answers at once; one instance is the local stack.
  health: limit(10, 1),
  // Public, a visitor's checkout: a few Stripe calls (customer, prices, session).
  stripeCheckout: limit(60, 20),
  // The buyer's unpaid checkout: reads the session from Stripe, at most expires it.
  unpaidCheckout: limit(30, 10),
  // Stripe's deliveries: the handler reads Stripe back and may mail; a burst of events after a
  // checkout is the busiest moment, and Stripe retries what a cap refuses.
  stripeWebhook: limit(60, 20),
  // Signed-in customers: one Stripe call.
  stripePortal: limit(30, 10),
  // Public, the thank-you page: database reads only.
  checkoutSummary: limit(10, 10),
  // Signed-in: reads the Checkout session from Stripe, then moves orders in the database.
  claimGuestOrders: limit(60, 5),
  // Leopard's staff only: a few people; confirmTradeIn calls Stripe and may mail.
  staff: limit(60, 3),
  // Leopard's staff only: streams a list as CSV a page at a time, about 10 s per 100,000 rows here;
  // two at once is all a few staff members need, and all a stolen staff token gets to run.
  staffExport: limit(540, 2),
  // Public, the pass page: one database read.
  spacePass: limit(10, 5),
  // Public forms: database writes and one mail to EmailJS (which has its own timeout).
  submitForm: limit(30, 10),
  // Trigger: moves one kind's counts by one write's change, a transaction and an update whatever
  // the lists' size, so a few at once keep up with a burst of sign-ups.
  staffCounters: limit(60, 3),
  // Triggers: move the overview's figures by one order's or one profile's change, the same
  // transaction and update; order writes come in bursts after a checkout, profiles at sign-up.
  staffPlanFigures: limit(60, 3),
  staffCustomerCount: limit(60, 3),
  // Trigger: one profile read and at most one small write per sign-up or profile edit.
  customerIndex: limit(60, 3),
  // Signed-in: preview or change a plan, several Stripe calls.
  manageSubscription: limit(60, 10),
  // A mailed link: one Stripe call.
  guestPortal: limit(30, 5),
  // Daily: walks the subscriptions whose term ends in 14 days, a Stripe call and a mail each, a
  // page at a time until a tenth of this is left, then goes on the next day: the longest a
  // scheduled function may run, so that a large window takes few days. One run at a time; Cloud
  // Scheduler's attempt deadline follows the timeout.
  termNotices: limit(1800, 1),
  // Signed-in: updates the profile and each of the account's Stripe customers.
  accountEmail: limit(60, 5),
  // Signed-in: cancels each plan in Stripe, then deletes records and the sign-in; a retry resumes.
  deleteAccount: limit(120, 5),
  // Signed-in: reads the account's records.
  exportAccountData: limit(60, 5),
  // Public, a mail link: one database write.
  unsubscribe: limit(10, 5),
  // Daily: deletes expired records and lists every Auth user (1,000 a page) for idle anonymous
  // visitors; the longest a scheduled function may run, one run at a time.
  cleanup: limit(1800, 1),
} as const satisfies Record<string, FunctionLimits>;

export type FunctionName = keyof typeof FUNCTION_LIMITS;
