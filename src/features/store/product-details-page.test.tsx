import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { ReactNode } from 'react';
import type { User } from 'firebase/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECKOUT_CANCELED } from '@/catalog/checkout';
import { externalLinks } from '@/config/external-links';
import { paths } from '@/config/paths';
import { getAuthClient } from '@/firebase/clients';
import { AuthContext, type AuthState } from '@/session/auth-context';
import { STORED_USER_ID_KEY } from '@/session/stored-user-id';
import ProductDetailsPage from './product-details-page';

vi.mock('@/firebase/clients', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/firebase/clients')>()),
  getAuthClient: vi.fn(),
}));

function renderDetails(entry: string, wrap: (page: ReactNode) => ReactNode = (page) => page) {
  const router = createMemoryRouter(
    [
      { path: paths.productDetailsBase, element: <ProductDetailsPage /> },
      { path: paths.contact, element: <h1>Contact us</h1> },
      { path: paths.signIn, element: <h1>Sign in</h1> },
    ],
    { initialEntries: [entry] },
  );
  render(wrap(<RouterProvider router={router} />));
  return router;
}

/** The site's auth provider as the page sees it. */
function withSession(state: Partial<AuthState>) {
  const value: AuthState = { user: null, ready: false, signingOut: false, signOut: vi.fn(), ...state };
  return (page: ReactNode) => <AuthContext.Provider value={value}>{page}</AuthContext.Provider>;
}

/** Renders a plan's page and waits past the spinner. */
async function openPlan(service: string, plan: string) {
  const router = renderDetails(paths.productDetails(service, plan));
  await screen.findByRole('heading', { level: 1 });
  return router;
}

const footer = () => screen.getByRole('region', { name: 'Price summary' });
const group = (name: string) => screen.getByRole('group', { name });

beforeEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
  vi.mocked(getAuthClient).mockClear();
});
afterEach(() => vi.unstubAllEnvs());

describe('Product details', () => {
  it('shows the plan at once and, without a stored session, a guest checkout, never loading Firebase Auth', async () => {
    renderDetails(paths.productDetails('websites', 'earth'));
    expect(screen.getByRole('heading', { level: 1, name: 'Earth plan for Web Apps' })).toBeInTheDocument();
    expect(screen.getByText(/checking out as a guest/)).toBeInTheDocument();
    expect(getAuthClient).not.toHaveBeenCalled();

    expect(screen.getByText(/dedicated team of five engineers/)).toBeInTheDocument();
    expect(screen.getByText('5 dedicated engineers')).toBeInTheDocument();
    expect(screen.getByText('Optional 500GB storage for $2,500')).toBeInTheDocument();
    expect(within(group('Billing')).getByRole('radio', { name: /Monthly/ })).toBeChecked();
    expect(footer()).toHaveTextContent('Amount due $7,500.00 a month for 12 mo.');
    expect(footer()).toHaveTextContent('2-year warranty included');
  });

  it('adds and removes the add-ons on the monthly and yearly totals', async () => {
    await openPlan('websites', 'earth');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Add 500GB of storage (+$2,500.00)' }));
    expect(footer()).toHaveTextContent('$10,000.00 a month for 12 mo.');

    await userEvent.click(within(group('Security')).getByRole('radio', { name: 'Full (+$799.99)' }));
    expect(footer()).toHaveTextContent('$10,799.99 a month for 12 mo.');

    await userEvent.click(within(group('Billing')).getByRole('radio', { name: /Yearly/ }));
    expect(footer()).toHaveTextContent('$93,299.99 for the year');

    await userEvent.click(within(group('Digital marketing')).getByRole('radio', { name: 'Full (+$3,750.00)' }));
    expect(footer()).toHaveTextContent('$97,049.99 for the year');

    await userEvent.click(screen.getByRole('checkbox', { name: /storage/ }));
    await userEvent.click(within(group('Security')).getByRole('radio', { name: 'None' }));
    expect(footer()).toHaveTextContent('$93,750.00 for the year');
  });

  it('announces a changed total politely, and not the first one', async () => {
    await openPlan('mobile_apps', 'gold');
    const live = footer().querySelector('[aria-live="polite"]')!;
    expect(live).toHaveTextContent(/^$/);
    await userEvent.click(within(group('Billing')).getByRole('radio', { name: /Yearly/ }));
    expect(live).toHaveTextContent('Amount due: $180,000.00 for the year');
  });

  it('asks for the trade-in platform only when there is one, and explains the reward', async () => {
    await openPlan('websites', 'silver');
    const tradeIn = group('Do you have an application to trade in?');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();

    await userEvent.click(within(tradeIn).getByRole('radio', { name: 'Yes' }));
    const platform = screen.getByRole('combobox', { name: 'Where does your application run?' });
    const options = within(platform)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['Choose a platform', 'Shopify', 'WordPress', 'Wix', 'GoDaddy', 'Squarespace', 'Developer Made']);
    await userEvent.selectOptions(platform, 'Developer Made');
    expect(platform).toHaveValue('developer_ade');
    expect(footer()).toHaveTextContent('$12,500.00 a month for 12 mo.');

    await userEvent.click(within(tradeIn).getByRole('button', { name: 'About the trade-in reward' }));
    const popup = screen.getByRole('dialog', { name: 'Trade-in reward' });
    expect(popup).toHaveTextContent('$750 trade-in reward');
    expect(popup).toHaveTextContent('worth up to $850');
    expect(popup).toHaveTextContent('not taken off the amount due at checkout');
    await userEvent.click(within(popup).getByRole('button', { name: 'Close' }));

    await userEvent.click(within(tradeIn).getByRole('radio', { name: 'No' }));
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('will not check out a trade-in without its platform', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>();
    vi.stubGlobal('fetch', fetch);
    await openPlan('websites', 'earth');
    await userEvent.click(within(group('Do you have an application to trade in?')).getByRole('radio', { name: 'Yes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue to checkout' }));

    const platform = screen.getByRole('combobox', { name: 'Where does your application run?' });
    expect(platform).toHaveFocus();
    expect(platform).toHaveAccessibleDescription('Choose the platform your application runs on, or answer No.');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the server’s message when checkout fails, and keeps the configuration', async () => {
    vi.stubEnv('VITE_FUNCTIONS_URL', 'https://functions.test/');
    const fetch = vi.fn<typeof globalThis.fetch>(async () =>
      Response.json(
        { statusCode: 502, error: { message: 'The payment provider could not start checkout: Your card was declined.' } },
        { status: 502 },
      ),
    );
    vi.stubGlobal('fetch', fetch);
    await openPlan('websites', 'earth');
    await userEvent.click(within(group('Billing')).getByRole('radio', { name: /Yearly/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /storage/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue to checkout' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Checkout could not start. The payment provider could not start checkout: Your card was declined.',
    );
    expect(screen.getByRole('button', { name: 'Continue to checkout' })).toBeEnabled();
    expect(within(group('Billing')).getByRole('radio', { name: /Yearly/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /storage/ })).toBeChecked();
    expect(footer()).toHaveTextContent('$92,500.00 for the year');

    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('https://functions.test/stripeCheckout');
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({
      service: 'websites',
      plan: 'earth',
      period: 'yearly',
      storage: true,
      productAmount: 92_500_00,
      tradeIn: null,
    });
    expect(body.successURL).toBe(`${window.location.origin}/thank-you?session_id={CHECKOUT_SESSION_ID}`);
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
  });

  it('back from Stripe’s Cancel, says the checkout was canceled and nothing charged, with the configuration kept, once', async () => {
    await openPlan('websites', 'bronze');
    await userEvent.click(within(group('Security')).getByRole('radio', { name: /Full/ }));
    // Off to Stripe: the page goes; Cancel loads it again.
    cleanup();

    const router = renderDetails(`${paths.productDetails('websites', 'bronze')}&${CHECKOUT_CANCELED.param}=${CHECKOUT_CANCELED.value}`);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText(CHECKOUT_CANCELED.text)).toHaveAttribute('role', 'status');
    expect(within(group('Security')).getByRole('radio', { name: /Full/ })).toBeChecked();
    // Said once: the address no longer carries it, so a reload says nothing.
    expect(router.state.location.search).toBe('?service=websites&plan=bronze');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('with a stored session, waits for the auth provider before saying whose order it will be', async () => {
    window.localStorage.setItem(STORED_USER_ID_KEY, 'u1');
    renderDetails(paths.productDetails('websites', 'earth'), withSession({ ready: false }));
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText(/checking out as a guest/)).not.toBeInTheDocument();
    expect(screen.queryByText(/come back to your order history/)).not.toBeInTheDocument();
    expect(getAuthClient).not.toHaveBeenCalled();
  });

  it("checks out a signed-in buyer with the session's ID token, without asking Firebase Auth again", async () => {
    vi.stubEnv('VITE_FUNCTIONS_URL', 'https://functions.test/');
    const fetch = vi.fn<typeof globalThis.fetch>(async () => Response.json({ statusCode: 500 }, { status: 500 }));
    vi.stubGlobal('fetch', fetch);
    const user = { uid: 'u1', getIdToken: vi.fn(async () => 'id-token-1') } as unknown as User;
    renderDetails(paths.productDetails('websites', 'earth'), withSession({ ready: true, user }));
    expect(await screen.findByText('After paying you come back to your order history.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue to checkout' }));

    await screen.findByRole('alert');
    const [, init] = fetch.mock.calls[0]!;
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer id-token-1');
    expect(JSON.parse(String(init?.body))).toMatchObject({
      successURL: `${window.location.origin}${paths.orderHistory}?session_id={CHECKOUT_SESSION_ID}`,
    });
    expect(getAuthClient).not.toHaveBeenCalled();
  });

  it('remembers the configuration for the plan when the page is opened again', async () => {
    await openPlan('websites', 'bronze');
    await userEvent.click(within(group('Billing')).getByRole('radio', { name: /Yearly/ }));
    await userEvent.click(within(group('Security')).getByRole('radio', { name: /Full/ }));
    screen.getByRole('heading', { level: 1 }).remove();

    await openPlan('websites', 'bronze');
    expect(screen.getAllByRole('region', { name: 'Price summary' }).at(-1)).toHaveTextContent('$120,799.99 for the year');
  });

  it('opens the gallery and comes back with the configuration kept', async () => {
    await openPlan('websites', 'diamond-peak');
    await userEvent.click(screen.getByRole('checkbox', { name: /storage/ }));
    const viewGallery = screen.getByRole('button', { name: 'View Gallery' });
    await userEvent.click(viewGallery);

    expect(screen.getByRole('heading', { level: 2, name: 'Gallery' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Diamond Peak' })).toHaveAttribute('aria-selected', 'true');
    const carousel = screen.getByRole('region', { name: 'Diamond Peak plan gallery' });
    expect(within(carousel).getAllByRole('img', { hidden: true })[0]).toHaveAccessibleName(/Diamond Peak team: 14 engineers/);

    await userEvent.click(screen.getByRole('tab', { name: 'Gold' }));
    expect(screen.getByRole('region', { name: 'Gold plan gallery' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Close gallery' }));
    expect(screen.getByRole('button', { name: 'View Gallery' })).toHaveFocus();
    expect(screen.getByRole('checkbox', { name: /storage/ })).toBeChecked();
    expect(footer()).toHaveTextContent('$29,500.00 a month for 12 mo.');
  });

  it('offers a phone call for magento instead of checkout', async () => {
    await openPlan('ecommerce_magento', 'magento');
    expect(screen.getByRole('heading', { level: 1, name: 'Magento plan for Ecommerce & Magento' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact us by phone' })).toHaveAttribute('href', `tel:${externalLinks.phone}`);
    expect(screen.queryByRole('button', { name: 'Continue to checkout' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(footer()).toHaveTextContent('Pay as you go');
    expect(footer()).toHaveTextContent('2-year warranty included');
  });

  it.each([
    ['contact', 'Contact us'],
    ['sign-in', 'Sign in'],
  ])('sends plan=%s on to its page', async (plan, heading) => {
    const router = renderDetails(paths.productDetails('websites', plan));
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it.each([
    ['/product-details?service=websites&plan=titanium', 'We do not have a plan called “titanium”.'],
    ['/product-details?service=laundry&plan=earth', 'We do not offer a service called “laundry”.'],
    ['/product-details', 'This address does not say which plan to show.'],
  ])('says %s is not a plan it can show', (entry, explanation) => {
    renderDetails(entry);
    expect(screen.getByRole('heading', { level: 1, name: 'Plan not found' })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(explanation))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the store' })).toHaveAttribute('href', paths.store);
    expect(screen.getByRole('link', { name: 'Compare the plans' })).toHaveAttribute('href', paths.whyChoose);
  });
});

describe('The term, told where the plan is bought', () => {
  it('says on the price bar and beside the button that the 12-month term ends unless renewed, with tax and the Terms', async () => {
    await openPlan('websites', 'gold');
    expect(footer()).toHaveTextContent('Amount due $15,000.00 a month for 12 mo., then ends unless renewed');
    await userEvent.click(within(group('Billing')).getByRole('radio', { name: /Yearly/ }));
    expect(footer()).toHaveTextContent('$180,000.00 for the year, then ends unless renewed');

    const note = screen.getByText(/runs for a 12-month term/);
    expect(note).toHaveTextContent(
      'Every plan runs for a 12-month term and then ends unless you renew it: we email you 14 days before the end, and renewing adds another 12 months.',
    );
    expect(note).toHaveTextContent('Tax is added where the law requires it, from the billing address you give on the payment page');
    expect(within(note).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', paths.termsOfService);
  });
});
