/** What every example order of the tests has, the app's and the functions' alike: a paid, active
 *  monthly Earth plan as the webhook leaves it. Each test adds its amounts, ids and times. */
export const PAID_MONTHLY_EARTH = {
  product: 'websites',
  tier: 'earth',
  securitySelected: false,
  marketingSelected: false,
  applicationExist: true,
  modelExistsOn: 'shopify',
  payment_status: 'paid',
  billingPeriod: 'monthly',
  termPayments: 12,
  subscriptionStatus: 'active',
} as const;
