import { render, screen, within } from '@testing-library/react';
import type { User } from 'firebase/auth';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ADD_ON_LABELS } from '@/catalog/add-ons';
import { formatUsd } from '@/catalog/money';
import { PLAN_NAMES, PLAN_PRICES } from '@/catalog/plans';
import { priceConfiguration } from '@/catalog/pricing';
import { SERVICE_LABELS } from '@/catalog/services';
import { formatBillingDate } from '@/catalog/subscription';
import { UNPAID_CHECKOUT_TEXTS } from '@/catalog/unpaid-checkouts';
import { AuthContext, type AuthState } from '@/session/auth-context';
import { CONNECTION_NOTICE } from '@/ui/connection-notice-texts';
import { legacyBillingPeriod, newestFirst } from '@/data/orders';
import OrderHistoryPage from './order-history-page';
import { checkoutOrder, DAY_MS, monthly, orders, paidFields, T0, yearly } from './orders.testing';
import type { OrdersState } from './use-orders';

const mocks = vi.hoisted(() => ({ state: { status: 'loading', unreachable: false } as OrdersState }));
vi.mock('./use-orders', () => ({ useOrders: () => mocks.state }));

const auth: AuthState = { user: { uid: 'u1', emailVerified: true } as User, ready: true, signingOut: false, signOut: async () => {} };

function renderPage(state: OrdersState) {
  mocks.state = state;
  return render(
    <AuthContext.Provider value={auth}>
      <MemoryRouter>
        <OrderHistoryPage />
      </MemoryRouter>
    </AuthContext.Provider>,
  );
}

const cardTitled = (title: string) => screen.getByRole('heading', { level: 2, name: title }).closest('article')!;

beforeEach(() => {
  mocks.state = { status: 'loading', unreachable: false };
});

describe('newestFirst', () => {
  it('puts the newest first, orders without a date last, and keeps ties as they came', () => {
    const sorted = newestFirst([
      { id: 'a', createdAt: T0 },
      { id: 'none-1', createdAt: null },
      { id: 'c', createdAt: T0 + 2 * DAY_MS },
      { id: 'tie-1', createdAt: T0 + DAY_MS },
      { id: 'none-2', createdAt: null },
      { id: 'tie-2', createdAt: T0 + DAY_MS },
    ]);
    expect(sorted.map((order) => order.id)).toEqual(['c', 'tie-1', 'tie-2', 'a', 'none-1', 'none-2']);
  });
});

describe('legacyBillingPeriod', () => {
  it('tells the period of an order that stored only its amount, from the catalogue', () => {
    const gold = PLAN_PRICES.gold!;
    const none = { storage: null, security: false, marketing: false };
    expect(legacyBillingPeriod('gold', gold.monthlyCents, none)).toBe('monthly');
    expect(legacyBillingPeriod('gold', gold.yearlyCents, none)).toBe('yearly');
    const security = { ...none, security: true };
    expect(
      legacyBillingPeriod(
        'gold',
        priceConfiguration({ plan: 'gold', period: 'yearly', storage: false, security: true, marketing: false }).yearlyCents,
        security,
      ),
    ).toBe('yearly');
    expect(legacyBillingPeriod('gold', gold.monthlyCents + 1, none)).toBeNull();
    expect(legacyBillingPeriod('magento', 10_000, none)).toBeNull();
    expect(legacyBillingPeriod('unknown', gold.monthlyCents, none)).toBeNull();
  });
});

describe('Orders page', () => {
  it('shows the cards newest first, whatever order the database gave them in', () => {
    renderPage({
      status: 'ready',
      unreachable: false,
      orders: orders({
        '-Nold': checkoutOrder('websites', monthly('earth'), T0),
        '-Nundated': checkoutOrder('wearable_apps', monthly('earth'), undefined),
        '-Nnewest': checkoutOrder('mobile_apps', monthly('silver'), T0 + 3 * DAY_MS),
        '-Nmiddle': checkoutOrder('software_saas', yearly('gold'), T0 + DAY_MS),
      }),
    });
    const titles = within(screen.getByRole('list'))
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual([
      SERVICE_LABELS.mobile_apps,
      SERVICE_LABELS.software_saas,
      SERVICE_LABELS.websites,
      SERVICE_LABELS.wearable_apps,
    ]);
  });

  it('has an order card in the first cell of the grid: the live region and messages are outside it', () => {
    renderPage({ status: 'ready', unreachable: true, orders: orders({ '-Na': checkoutOrder('websites', monthly('gold'), T0) }) });
    const region = screen.getByRole('region', { name: 'Your orders' });
    const grid = within(region).getByRole('list');
    const cells = Array.from(grid.children);
    expect(cells).toHaveLength(1);
    expect(cells.every((cell) => cell.tagName === 'LI' && cell.querySelector(':scope > article'))).toBe(true);
    const notice = screen.getAllByRole('status').find((status) => status.textContent?.includes(CONNECTION_NOTICE.title))!;
    expect(grid.contains(notice)).toBe(false);
    expect(region.contains(notice)).toBe(true);
  });

  it('gives each amount its period: "/ month" or "/ year", from the catalogue', () => {
    const monthlyGold = monthly('gold', { security: true });
    const yearlySilver = yearly('silver', { marketing: true, storage: true });
    renderPage({
      status: 'ready',
      unreachable: false,
      orders: orders({
        '-Nm': checkoutOrder('websites', monthlyGold, T0, paidFields(T0, T0 + 30 * DAY_MS)),
        '-Ny': checkoutOrder('mobile_apps', yearlySilver, T0 + DAY_MS),
        '-Nlegacy': {
          product: 'software_saas',
          tier: 'bronze',
          securitySelected: false,
          marketingSelected: false,
          applicationExist: false,
          productAmount: PLAN_PRICES.bronze!.yearlyCents,
          payment_status: 'paid',
          buyer: 'u1',
          createdAt: T0 - DAY_MS,
        },
      }),
    });
    expect(cardTitled(SERVICE_LABELS.websites)).toHaveTextContent(`${formatUsd(priceConfiguration(monthlyGold).monthlyCents)} / month`);
    expect(cardTitled(SERVICE_LABELS.mobile_apps)).toHaveTextContent(`${formatUsd(priceConfiguration(yearlySilver).yearlyCents)} / year`);
    expect(cardTitled(SERVICE_LABELS.software_saas)).toHaveTextContent(`${formatUsd(PLAN_PRICES.bronze!.yearlyCents)} / year`);
  });

  it('shows the product title, "Purchased an application", plan, add-ons, order date and status', () => {
    const bought = monthly('diamond-peak', { security: true, marketing: true });
    renderPage({
      status: 'ready',
      unreachable: false,
      orders: orders({ '-Nd': checkoutOrder('websites', bought, T0, paidFields(T0, T0 + 31 * DAY_MS)) }),
    });
    const card = cardTitled(SERVICE_LABELS.websites);
    expect(card).toHaveTextContent('Purchased an application');
    expect(card).toHaveTextContent(`${PLAN_NAMES['diamond-peak']} plan`);
    expect(card).toHaveTextContent(`Add-ons: ${ADD_ON_LABELS.security}, ${ADD_ON_LABELS.marketing}`);
    expect(card).toHaveTextContent(`Ordered ${new Date(T0).toLocaleDateString('en-US', { dateStyle: 'medium' })}`);
    expect(card).toHaveTextContent('Status: Active');
    expect(card).toHaveTextContent('Payments: 1 of 12');
    expect(card).toHaveTextContent(`Next payment: ${formatBillingDate(T0 + 31 * DAY_MS)}`);
    expect(within(card).getByRole('button', { name: 'Manage billing' })).toBeInTheDocument();
  });

  it('shows a refund made in Stripe with its amount, a dispute, and the trade-in credit once applied', () => {
    const paid = paidFields(T0, T0 + 31 * DAY_MS);
    renderPage({
      status: 'ready',
      unreachable: false,
      orders: orders({
        '-Nr': checkoutOrder('websites', monthly('earth'), T0, {
          ...paid,
          applicationExist: true,
          modelExistsOn: 'shopify',
          refunds: { ch_1: { amountRefunded: 100_000, chargeAmount: 750_000, chargedAt: T0, fetchedAt: T0 + DAY_MS } },
          tradeIn: {
            status: 'credited',
            amount: 75_000,
            balanceTransactionId: 'cbtxn_1',
            creditedAt: T0 + DAY_MS,
            creditedBy: 'uid-admin',
          },
        }),
        '-Ns': checkoutOrder('ecommerce_magento', monthly('earth'), T0 - DAY_MS, {
          ...paid,
          disputes: { dp_1: { chargeId: 'ch_2', status: 'needs_response', amount: 750_000, fetchedAt: T0 } },
        }),
      }),
    });
    const refunded = cardTitled(SERVICE_LABELS.websites);
    expect(refunded).toHaveTextContent(`Status: Refunded ${formatUsd(100_000)} of ${formatUsd(750_000)}`);
    expect(refunded).toHaveTextContent('Trade-in: Shopify — credited $750');
    const disputed = cardTitled(SERVICE_LABELS.ecommerce_magento);
    expect(disputed).toHaveTextContent('Status: Disputed');
    expect(disputed).not.toHaveTextContent('Trade-in');
  });

  it('shows a checkout Stripe expired as Expired (a failed one as Payment failed), with nothing to pay or manage', () => {
    renderPage({
      status: 'ready',
      unreachable: false,
      orders: orders({
        '-Ne': checkoutOrder('ecommerce_magento', monthly('earth'), T0, { payment_status: 'expired', customerId: 'cus_test1' }),
        '-Nf': checkoutOrder('device_integration', monthly('earth'), T0, { payment_status: 'failed' }),
      }),
    });
    const card = cardTitled(SERVICE_LABELS.ecommerce_magento);
    expect(card).toHaveTextContent('Status: Expired');
    expect(card).not.toHaveTextContent('Payments:');
    expect(card).not.toHaveTextContent('Next payment');
    // Nothing to pay or manage: only Remove (src/catalog/unpaid-checkouts.ts).
    expect(
      within(card)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([UNPAID_CHECKOUT_TEXTS.remove]);
    expect(card).toHaveTextContent(UNPAID_CHECKOUT_TEXTS.expiredNote);
    expect(cardTitled(SERVICE_LABELS.device_integration)).toHaveTextContent('Status: Payment failed');
  });

  it('says Not paid yet, with Complete payment and Remove, for a checkout left on Stripe’s page before Pay', () => {
    renderPage({
      status: 'ready',
      unreachable: false,
      orders: orders({ '-Nopen': checkoutOrder('websites', monthly('earth'), T0 + DAY_MS) }),
    });
    const card = cardTitled(SERVICE_LABELS.websites);
    expect(card).toHaveTextContent(`Status: ${UNPAID_CHECKOUT_TEXTS.notPaid}`);
    expect(card).not.toHaveTextContent('Confirming your payment');
    expect(card).toHaveTextContent(UNPAID_CHECKOUT_TEXTS.notPaidNote);
    expect(
      within(card)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([UNPAID_CHECKOUT_TEXTS.resume, UNPAID_CHECKOUT_TEXTS.remove]);
  });

  it('says Confirming your payment… only for a checkout the buyer came back from after Pay, and words the legacy statuses', () => {
    renderPage({
      status: 'ready',
      unreachable: false,
      orders: orders({
        '-Nopen': checkoutOrder('websites', monthly('earth'), T0 + DAY_MS, { checkoutCompletedAt: T0 + DAY_MS + 60_000 }),
        '-Npaid': {
          product: 'mobile_apps',
          tier: 'gold',
          productAmount: PLAN_PRICES.gold!.monthlyCents,
          payment_status: 'paid',
          buyer: 'u1',
          createdAt: T0,
        },
        '-Nunpaid': {
          product: 'blockchain_nfts',
          tier: 'gold',
          productAmount: PLAN_PRICES.gold!.monthlyCents,
          payment_status: 'unpaid',
          buyer: 'u1',
          createdAt: T0,
        },
      }),
    });
    expect(cardTitled(SERVICE_LABELS.websites)).toHaveTextContent('Status: Confirming your payment…');
    expect(cardTitled(SERVICE_LABELS.websites)).toHaveTextContent('Payments: 0 of 12');
    expect(within(cardTitled(SERVICE_LABELS.websites)).queryByRole('button')).not.toBeInTheDocument();
    expect(cardTitled(SERVICE_LABELS.mobile_apps)).toHaveTextContent('Status: Paid');
    expect(cardTitled(SERVICE_LABELS.blockchain_nfts)).toHaveTextContent('Status: Unpaid');
  });

  it('shows nothing for an order of an unknown product', () => {
    renderPage({
      status: 'ready',
      unreachable: false,
      orders: orders({
        '-Nx': { ...checkoutOrder('websites', monthly('gold'), T0), product: 'seo_services' },
        '-Ny': checkoutOrder('websites', monthly('gold'), T0),
      }),
    });
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.queryByText(/seo/i)).not.toBeInTheDocument();
  });

  it('says so when there are no orders, with the way to the store', () => {
    renderPage({ status: 'ready', unreachable: false, orders: [] });
    expect(screen.getByText('You have no orders yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the store' })).toHaveAttribute('href', '/store');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows a spinner while loading, and no grid', () => {
    renderPage({ status: 'loading', unreachable: false });
    expect(screen.getByText('Loading your orders…')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Your orders' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
