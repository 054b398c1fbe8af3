/** The Stripe stand-in's hosted checkout as a buyer meets it now: the Terms to accept (linking the
 *  site's Terms of Service), the billing address that decides the tax, and the demo promotion code
 *  — and the first invoice carrying the discount and the tax the page showed. */
import { STRIPE_URL } from '../../emulators/local-config';
import { DEMO_PROMOTION_CODE } from '../../src/catalog/stripe-prices';
import { paths } from '../../src/config/paths';
import { expectRefusedRequests } from './auth.testing';
import { PAY_TIMEOUT_MS, continueToStripe, payOnStripe, signInToStore } from './checkout.testing';
import { expect, test } from './fixtures.testing';

interface StandInInvoice {
  id: string;
  subtotal: number;
  total: number;
  total_discount_amounts: { amount: number }[];
  total_taxes: { amount: number; tax_rate_details: { tax_rate: string } | null }[];
}

test('the terms are required, the address brings tax and LEOPARD10 takes 10 % off the first invoice', async ({ page, consoleErrors }) => {
  await signInToStore(page);
  await page.goto(paths.productDetails('mobile_apps', 'bronze'));
  const session = await continueToStripe(page);
  const subtotal = session.amount_total;

  const terms = page.getByRole('checkbox', { name: /terms of service/i });
  await expect(terms).toBeVisible();
  await expect(page.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', new RegExp(`${paths.termsOfService}$`));
  await expect(page.getByTestId('tax')).toHaveText('—');

  // Pay without accepting: the browser keeps the buyer here, and a form posted around it is refused.
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`^${STRIPE_URL}/c/pay/`));
  const forged = await page.request.post(`${STRIPE_URL}/c/pay/${session.id}/pay`, {
    form: {
      card_number: '4242 4242 4242 4242',
      name: 'Ada',
      country: 'US',
      line1: '1 Market St',
      city: 'San Francisco',
      state: 'CA',
      postal_code: '94105',
    },
  });
  expect(forged.status()).toBe(400);
  expect(await forged.text()).toContain('Accept the terms of service to continue.');

  // A forged code is refused where the buyer typed it.
  await page.getByLabel('Promotion code (optional)', { exact: true }).fill('LEOPARD100');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('This code is invalid.');
  await expect(page.getByLabel('Promotion code (optional)', { exact: true })).toHaveValue('LEOPARD100');
  expectRefusedRequests(consoleErrors, 400);
  await page.getByLabel('Promotion code (optional)', { exact: true }).fill('');

  await payOnStripe(page, {
    promotionCode: DEMO_PROMOTION_CODE,
    beforePay: async () => {
      const discount = Math.round(subtotal / 10);
      const tax = Math.round(((subtotal - discount) * 7.25) / 100);
      await expect(page.getByTestId('discount')).toHaveText(`−${dollars(discount)}`);
      await expect(page.getByTestId('tax')).toHaveText(dollars(tax));
      await expect(page.getByTestId('total')).toHaveText(dollars(subtotal - discount + tax));
    },
  });
  await expect(page).toHaveURL(paths.orderHistory, { timeout: PAY_TIMEOUT_MS });

  const paid = (
    (await (await fetch(`${STRIPE_URL}/__sessions`)).json()) as { id: string; invoice: string | null; consent: unknown }[]
  ).find((candidate) => candidate.id === session.id)!;
  expect(paid.consent).toEqual({ promotions: null, terms_of_service: 'accepted' });
  const invoice = ((await (await fetch(`${STRIPE_URL}/__invoices`)).json()) as StandInInvoice[]).find(
    (candidate) => candidate.id === paid.invoice,
  )!;
  const discount = Math.round(subtotal / 10);
  expect(invoice.subtotal).toBe(subtotal);
  expect(invoice.total_discount_amounts.map((entry) => entry.amount)).toEqual([discount]);
  expect(invoice.total_taxes).toEqual([
    expect.objectContaining({
      amount: Math.round(((subtotal - discount) * 7.25) / 100),
      tax_rate_details: { tax_rate: 'txr_standin_us_ca' },
    }),
  ]);
});

const dollars = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
