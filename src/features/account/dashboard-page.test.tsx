import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from 'firebase/auth';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UNPAID_CHECKOUT_TEXTS } from '@/catalog/unpaid-checkouts';
import { formatUsd } from '@/catalog/money';
import { PLAN_NAMES } from '@/catalog/plans';
import { priceConfiguration } from '@/catalog/pricing';
import { SERVICE_LABELS } from '@/catalog/services';
import { formatBillingDate } from '@/catalog/subscription';
import { AUTH_ERROR_MESSAGES } from '@/session/auth-errors';
import { BRAND } from '@/config/brand';
import { externalLinks } from '@/config/external-links';
import { paths } from '@/config/paths';
import { AuthContext, type AuthState } from '@/session/auth-context';
import { expectDecorativeIcons } from '@/ui/icons.testing';
import { toProfile } from '@/data/users';
import DashboardPage from './dashboard-page';
import { RESEND_COOLDOWN_MS } from './dashboard/resend-cooldown';
import { checkoutOrder, DAY_MS, monthly, orders, paidFields, T0, yearly } from './orders.testing';
import type { ProfileState } from './profile/use-profile';
import type { OrdersState } from './use-orders';

const mocks = vi.hoisted(() => ({
  orders: { status: 'loading', unreachable: false } as OrdersState,
  profile: { status: 'loading', unreachable: false } as ProfileState,
  resend: vi.fn<(user: unknown) => Promise<void>>(),
}));
vi.mock('./use-orders', () => ({ useOrders: () => mocks.orders }));
vi.mock('./profile/use-profile', () => ({ useProfile: () => mocks.profile }));
vi.mock('./account-auth-api', () => ({ resendVerificationEmail: (user: unknown) => mocks.resend(user) }));

const EMAIL = 'dana@example.com';
const userWith = (emailVerified: boolean, uid = 'u1') => ({ uid, email: EMAIL, emailVerified }) as User;

function renderPage({ user = userWith(true) }: { user?: User } = {}) {
  const auth: AuthState = { user, ready: true, signingOut: false, signOut: async () => {} };
  return render(
    <AuthContext.Provider value={auth}>
      <MemoryRouter>
        <DashboardPage />
      </MemoryRouter>
    </AuthContext.Provider>,
  );
}

const profile = (firstName: string): ProfileState => ({
  status: 'ready',
  unreachable: false,
  value: toProfile({ firstName, lastName: 'Reyes', email: EMAIL }),
});
const ready = (records: Parameters<typeof orders>[0]): OrdersState => ({ status: 'ready', unreachable: false, orders: orders(records) });
const section = (name: string) => screen.getByRole('region', { name });

beforeEach(() => {
  mocks.orders = { status: 'ready', unreachable: false, orders: [] };
  mocks.profile = profile('Dana');
  mocks.resend.mockReset();
  window.sessionStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('Dashboard: greeting', () => {
  it('greets the person by the first name of their profile', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Welcome, Dana.')).toBeInTheDocument();
  });

  it('uses the email when the profile has no name, and no name at all while the profile loads', () => {
    mocks.profile = profile('');
    const { unmount } = renderPage();
    expect(screen.getByText(`Welcome, ${EMAIL}.`)).toBeInTheDocument();
    unmount();
    mocks.profile = { status: 'loading', unreachable: false };
    renderPage();
    expect(screen.getByText('Welcome.')).toBeInTheDocument();
    expect(screen.queryByText(new RegExp(EMAIL))).not.toBeInTheDocument();
  });
});

describe('Dashboard: active plans', () => {
  it('lists the live subscriptions with status, next payment and amount per period, and one Manage billing', () => {
    const gold = monthly('gold', { security: true });
    const silver = yearly('silver');
    mocks.orders = ready({
      '-Ngold': checkoutOrder('websites', gold, T0 + DAY_MS, paidFields(T0 + DAY_MS, T0 + 32 * DAY_MS)),
      '-Nsilver': checkoutOrder('mobile_apps', silver, T0, { ...paidFields(T0, T0 + 365 * DAY_MS), subscriptionStatus: 'past_due' }),
      '-Nopen': checkoutOrder('software_saas', monthly('earth'), T0 + 2 * DAY_MS),
      '-Nexpired': checkoutOrder('wearable_apps', monthly('earth'), T0 + 3 * DAY_MS, { payment_status: 'expired' }),
      '-Ncanceled': checkoutOrder('blockchain_nfts', monthly('bronze'), T0 - DAY_MS, {
        ...paidFields(T0 - DAY_MS, T0),
        subscriptionStatus: 'canceled',
        endedAt: T0,
      }),
    });
    renderPage();
    const plans = within(section('Active plans')).getAllByRole('article');
    expect(plans.map((plan) => within(plan).getByRole('heading', { level: 3 }).textContent)).toEqual([
      `${PLAN_NAMES.gold} plan · ${SERVICE_LABELS.websites}`,
      `${PLAN_NAMES.silver} plan · ${SERVICE_LABELS.mobile_apps}`,
    ]);
    expect(plans[0]).toHaveTextContent(`${formatUsd(priceConfiguration(gold).monthlyCents)} / month`);
    expect(plans[0]).toHaveTextContent('Status: Active');
    expect(plans[0]).toHaveTextContent(`Next payment: ${formatBillingDate(T0 + 32 * DAY_MS)}`);
    expect(plans[1]).toHaveTextContent(`${formatUsd(priceConfiguration(silver).yearlyCents)} / year`);
    expect(plans[1]).toHaveTextContent('Status: Past due');
    expect(within(section('Active plans')).getAllByRole('button', { name: 'Manage billing' })).toHaveLength(1);
  });

  it('says "No plans yet" with a way to the store when none is live', () => {
    mocks.orders = ready({ '-Nopen': checkoutOrder('websites', monthly('earth'), T0) });
    renderPage();
    const plans = section('Active plans');
    expect(plans).toHaveTextContent('No plans yet.');
    expect(within(plans).getByRole('link', { name: 'Find a plan in the store' })).toHaveAttribute('href', paths.store);
    expect(within(plans).queryByRole('button', { name: 'Manage billing' })).not.toBeInTheDocument();
  });

  it('shows spinners while the orders load, and says so if they cannot be loaded', () => {
    mocks.orders = { status: 'loading', unreachable: false };
    const { unmount } = renderPage();
    expect(screen.getByText('Loading your plans…')).toBeInTheDocument();
    expect(screen.getByText('Loading your orders…')).toBeInTheDocument();
    expect(section('Active plans')).toHaveAttribute('aria-busy', 'true');
    unmount();
    mocks.orders = { status: 'error', message: 'permission_denied', unreachable: false };
    renderPage();
    expect(screen.getByRole('alert')).toHaveTextContent('could not be loaded');
  });
});

describe('Dashboard: latest orders', () => {
  it('shows the three newest, compact, with "View all" leading to the orders page', () => {
    mocks.orders = ready({
      '-N1': checkoutOrder('websites', monthly('earth'), T0),
      '-N2': checkoutOrder('mobile_apps', yearly('gold'), T0 + DAY_MS, { payment_status: 'expired' }),
      '-N3': checkoutOrder('software_saas', monthly('silver'), T0 + 2 * DAY_MS, paidFields(T0 + 2 * DAY_MS, T0 + 33 * DAY_MS)),
      '-N4': checkoutOrder('virtual_reality', monthly('bronze'), T0 + 3 * DAY_MS),
    });
    renderPage();
    const latest = section('Latest orders');
    const items = within(latest).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent(`${SERVICE_LABELS.virtual_reality} · ${PLAN_NAMES.bronze} plan`);
    // Left on Stripe's page before Pay: not a payment being confirmed (src/catalog/unpaid-checkouts.ts).
    expect(items[0]).toHaveTextContent(UNPAID_CHECKOUT_TEXTS.notPaid);
    expect(items[0]).not.toHaveTextContent('Confirming your payment…');
    expect(items[1]).toHaveTextContent(SERVICE_LABELS.software_saas);
    expect(items[1]).toHaveTextContent('Active');
    expect(items[2]).toHaveTextContent(`${formatUsd(priceConfiguration(yearly('gold')).yearlyCents)} / year`);
    expect(items[2]).toHaveTextContent('Expired');
    expect(latest).not.toHaveTextContent(SERVICE_LABELS.websites);
    expect(within(latest).getByRole('link', { name: 'View all orders' })).toHaveAttribute('href', paths.orderHistory);
  });

  it('says there are none yet', () => {
    renderPage();
    expect(section('Latest orders')).toHaveTextContent('No orders yet.');
    expect(screen.queryByRole('link', { name: 'View all orders' })).not.toBeInTheDocument();
  });
});

describe('Dashboard: unverified email', () => {
  const banner = () => screen.getByRole('region', { name: 'Please verify your email' });
  const resend = () => within(banner()).getByRole('button', { name: /verification email|Sending/ });

  it('is not shown once the email is verified', () => {
    renderPage();
    expect(screen.queryByRole('region', { name: 'Please verify your email' })).not.toBeInTheDocument();
  });

  it('resends the verification email, says it was sent, and waits a minute before allowing another', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userWith(false);
    mocks.resend.mockResolvedValue(undefined);
    const clicker = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage({ user });
    expect(banner()).toHaveTextContent(EMAIL);

    await clicker.click(resend());
    expect(mocks.resend).toHaveBeenCalledTimes(1);
    expect(mocks.resend).toHaveBeenCalledWith(user);
    expect(within(banner()).getByRole('status')).toHaveTextContent(`Sent. Check your inbox at ${EMAIL}.`);
    expect(resend()).toHaveAttribute('aria-disabled', 'true');
    expect(resend()).toHaveAccessibleDescription(/You can send another in \d+ s\./);

    // Still focusable and announced, but a second click sends nothing.
    await clicker.click(resend());
    expect(mocks.resend).toHaveBeenCalledTimes(1);

    await act(async () => {
      vi.advanceTimersByTime(RESEND_COOLDOWN_MS + 1000);
    });
    expect(resend()).not.toHaveAttribute('aria-disabled');
    await clicker.click(resend());
    expect(mocks.resend).toHaveBeenCalledTimes(2);
  });

  it('keeps the minute across a reload of the page', async () => {
    const user = userWith(false, 'u-reload');
    mocks.resend.mockResolvedValue(undefined);
    const { unmount } = renderPage({ user });
    await userEvent.click(resend());
    unmount();
    renderPage({ user });
    expect(resend()).toHaveAttribute('aria-disabled', 'true');
  });

  it('says in words why it could not send, never the provider’s code', async () => {
    mocks.resend.mockRejectedValueOnce(
      Object.assign(new Error('Firebase: Error (auth/too-many-requests).'), { code: 'auth/too-many-requests' }),
    );
    mocks.resend.mockRejectedValueOnce(Object.assign(new Error('Firebase: Error (auth/internal-error).'), { code: 'auth/internal-error' }));
    renderPage({ user: userWith(false, 'u-errors') });
    await userEvent.click(resend());
    expect(within(banner()).getByRole('alert')).toHaveTextContent(AUTH_ERROR_MESSAGES['auth/too-many-requests']!);
    // Firebase's own limit counts like a send.
    expect(resend()).toHaveAttribute('aria-disabled', 'true');
    window.sessionStorage.clear();
  });

  it('words an unknown failure plainly', async () => {
    mocks.resend.mockRejectedValueOnce(Object.assign(new Error('Firebase: Error (auth/internal-error).'), { code: 'auth/internal-error' }));
    renderPage({ user: userWith(false, 'u-unknown') });
    await userEvent.click(resend());
    const alert = within(banner()).getByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong (auth/internal-error). Please try again.');
    expect(alert).not.toHaveTextContent(/Firebase/);
    expect(resend()).not.toHaveAttribute('aria-disabled');
  });
});

describe('Dashboard: the spec’s three cards', () => {
  it('keeps them, each leading where it should', () => {
    renderPage();
    const cards = within(screen.getByRole('region', { name: 'Get started' }));
    const card = (title: string) => cards.getByRole('heading', { level: 2, name: title }).closest('article')!;
    expect(cards.getAllByRole('article')).toHaveLength(3);
    expect(within(card(`Order a ${BRAND.name} solution`)).getByRole('link')).toHaveAttribute('href', paths.store);
    const specialist = within(card('Reserve a Specialist')).getByRole('link');
    expect(specialist).toHaveAttribute('href', externalLinks.scheduling);
    expect(specialist).toHaveAttribute('target', '_blank');
    expect(specialist).toHaveAccessibleName('Book a time (opens in a new tab)');
    expect(within(card('Third Party? (Check Trade In Value)')).getByRole('link')).toHaveAttribute('href', paths.contact);
  });
  it('draws each card’s icon as an SVG hidden from screen readers, not a Unicode symbol', () => {
    renderPage();
    for (const card of within(screen.getByRole('region', { name: 'Get started' })).getAllByRole('article')) {
      expect(expectDecorativeIcons(card)).toHaveLength(1);
    }
  });
});
