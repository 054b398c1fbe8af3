/** The order card's billing self-service: Change plan with a preview, the invoices, the term and
 *  Renew. The functions are answered at the network boundary with the shapes they answer. */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from 'firebase/auth';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MANAGE_SUBSCRIPTION_MESSAGES } from '@/catalog/plan-changes';
import { formatBillingDate } from '@/catalog/subscription';
import { TERM_TEXTS } from '@/catalog/term';
import type { OrderInvoiceRecord, StoredOrder } from '@/data/orders';
import { AuthContext, type AuthState } from '@/session/auth-context';
import { checkoutOrder, DAY_MS, monthly, orders, paidFields } from '../orders.testing';
import { OrderCard } from './order-card';

const ORDER_ID = '-NgoldOrder000000001';
const FUNCTIONS = 'https://functions.test';
const user = { uid: 'u1', emailVerified: true, getIdToken: async () => 'id-token-1' } as unknown as User;
const auth: AuthState = { user, ready: true, signingOut: false, signOut: async () => {} };

type Reply = { status: number; body: unknown };
const ok = (data: unknown): Reply => ({ status: 200, body: { statusCode: 200, data } });
const refused = (status: number, message: string): Reply => ({ status, body: { statusCode: status, error: { message } } });

/** The functions at the network boundary: each call takes the next reply; the requests are kept. */
function functionsAnswer(...replies: Reply[]) {
  const fetch = vi.fn<typeof globalThis.fetch>(async () => {
    const reply = replies.shift();
    if (!reply) throw new Error('no reply left');
    return Response.json(reply.body, { status: reply.status });
  });
  vi.stubGlobal('fetch', fetch);
  const requests = () =>
    fetch.mock.calls.map(([url, init]) => ({
      url: String(url),
      authorization: (init?.headers as Record<string, string>).Authorization,
      body: JSON.parse(String(init?.body)) as Record<string, unknown>,
    }));
  return { fetch, requests };
}

function goldOrder(fields: StoredOrder = {}): StoredOrder {
  const now = Date.now();
  return checkoutOrder('websites', monthly('gold', { security: true }), now - 20 * DAY_MS, {
    ...paidFields(now - 20 * DAY_MS, now + 10 * DAY_MS),
    termEndsAt: now + 200 * DAY_MS,
    ...fields,
  });
}

function renderCard(record: StoredOrder) {
  const [order] = orders({ [ORDER_ID]: record });
  return render(
    <AuthContext.Provider value={auth}>
      <MemoryRouter>
        <OrderCard order={order!} />
      </MemoryRouter>
    </AuthContext.Provider>,
  );
}

const PREVIEW = { dueNowCents: 645_161, taxCents: 0, amountPerPeriodCents: 2_579_999, currency: 'usd', billingPeriod: 'monthly' };

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Change plan' }));
  return screen.getByRole('dialog', { name: 'Change plan' });
}

beforeEach(() => {
  vi.stubEnv('VITE_FUNCTIONS_URL', `${FUNCTIONS}/`);
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe('Change plan', () => {
  it('starts from the current plan, previews through manageSubscription and confirms the change', async () => {
    const nextPaymentAt = Date.UTC(2026, 11, 1);
    const { requests } = functionsAnswer(ok({ ...PREVIEW, taxCents: 46_774, nextPaymentAt }), ok({ status: 'updated' }));
    renderCard(goldOrder());
    const dialog = await openDialog();

    // Every control is labelled, and the current configuration is chosen and named as such.
    expect(within(dialog).getByRole('group', { name: 'Plan' })).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: /^Gold \$15,000\.00 \/ month Current plan$/ })).toBeChecked();
    expect(within(dialog).getAllByRole('radio', { name: /\/ month$/ })).toHaveLength(5);
    expect(within(dialog).getAllByRole('radio', { name: /Current plan$/ })).toHaveLength(1);
    expect(within(dialog).queryByRole('radio', { name: /Magento/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Monthly Current' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Yearly' })).not.toBeChecked();
    expect(within(dialog).getByRole('switch', { name: /^Security.* In your plan now$/ })).toBeChecked();
    expect(within(dialog).getByRole('switch', { name: /^Digital marketing \([^)]+\)$/ })).not.toBeChecked();
    expect(within(dialog).getByRole('switch', { name: /^Additional storage/ })).not.toBeChecked();
    expect(within(dialog).getByRole('switch', { name: /^Digital marketing/ })).not.toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Confirm change' })).toBeDisabled();

    await userEvent.click(within(dialog).getByRole('radio', { name: /^Diamond Peak/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));

    expect(await within(dialog).findByText('Due now $6,451.61 (prorated)')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('including $467.74 tax');
    expect(dialog).toHaveTextContent('Then $25,799.99 / month');
    expect(dialog).toHaveTextContent(`Next payment: ${formatBillingDate(nextPaymentAt)}`);
    const confirm = within(dialog).getByRole('button', { name: 'Confirm change' });
    await waitFor(() => expect(confirm).toHaveFocus());
    await userEvent.click(confirm);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('article')).toHaveTextContent('Your plan was changed.');
    const change = { plan: 'diamond-peak', period: 'monthly', storage: false, security: true, marketing: false };
    expect(requests()).toEqual([
      {
        url: `${FUNCTIONS}/manageSubscription`,
        authorization: 'Bearer id-token-1',
        body: { action: 'preview', orderId: ORDER_ID, change },
      },
      { url: `${FUNCTIONS}/manageSubscription`, authorization: 'Bearer id-token-1', body: { action: 'change', orderId: ORDER_ID, change } },
    ]);
  });

  it('previews a downgrade as nothing due and the credit it gives, where it goes, with its tax', async () => {
    const prorationAt = Date.UTC(2026, 10, 29, 12, 0, 5);
    const preview = { ...PREVIEW, dueNowCents: 0, creditCents: 804_38, taxCents: 54_38, amountPerPeriodCents: 7_500_00, prorationAt };
    const { requests } = functionsAnswer(ok(preview), ok({ status: 'updated' }));
    renderCard(goldOrder());
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Silver/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));

    expect(await within(dialog).findByText('Due now $0.00')).toBeInTheDocument();
    expect(dialog).toHaveTextContent(
      'A credit of $804.38 (including $54.38 tax) goes to your account balance and is taken by your next invoices.',
    );
    expect(dialog).not.toHaveTextContent('(prorated)');
    expect(dialog).not.toHaveTextContent('including $54.38 tax Then');

    // The change goes with the preview's moment, so that Stripe credits what was shown.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm change' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests()[1]!.body).toEqual({
      action: 'change',
      orderId: ORDER_ID,
      change: { plan: 'silver', period: 'monthly', storage: false, security: true, marketing: false },
      prorationAt,
    });
  });

  it('says the function’s refusal in the dialog and keeps every choice', async () => {
    functionsAnswer(refused(409, MANAGE_SUBSCRIPTION_MESSAGES.notActive));
    renderCard(goldOrder());
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Earth/ }));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Yearly' }));
    await userEvent.click(within(dialog).getByRole('switch', { name: /^Digital marketing/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MANAGE_SUBSCRIPTION_MESSAGES.notActive);
    expect(within(dialog).getByRole('radio', { name: /^Earth/ })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Yearly' })).toBeChecked();
    expect(within(dialog).getByRole('switch', { name: /^Digital marketing/ })).toBeChecked();
    expect(within(dialog).getByRole('switch', { name: /^Security/ })).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Confirm change' })).toBeDisabled();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Preview' })).toHaveFocus());
  });

  it('keeps the dialog, the choices and the preview when the change itself fails', async () => {
    functionsAnswer(ok({ ...PREVIEW, nextPaymentAt: Date.UTC(2026, 11, 1) }), refused(402, MANAGE_SUBSCRIPTION_MESSAGES.cardDeclined));
    renderCard(goldOrder());
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Diamond Peak/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Confirm change' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MANAGE_SUBSCRIPTION_MESSAGES.cardDeclined);
    expect(within(dialog).getByRole('radio', { name: /^Diamond Peak/ })).toBeChecked();
    expect(dialog).toHaveTextContent('Due now $6,451.61 (prorated)');
    expect(within(dialog).getByRole('button', { name: 'Confirm change' })).toBeEnabled();
    expect(screen.getByRole('article')).not.toHaveTextContent('Your plan was changed.');
  });

  it('asks nothing for the plan it already is, and a new choice needs a new preview', async () => {
    const { fetch } = functionsAnswer(ok({ ...PREVIEW, nextPaymentAt: Date.UTC(2026, 11, 1) }));
    renderCard(goldOrder());
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MANAGE_SUBSCRIPTION_MESSAGES.samePlan);
    expect(fetch).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('radio', { name: /^Diamond Peak/ }));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await within(dialog).findByText('Due now $6,451.61 (prorated)');
    await userEvent.click(within(dialog).getByRole('switch', { name: /^Additional storage/ }));
    expect(dialog).not.toHaveTextContent('Due now');
    expect(within(dialog).getByRole('button', { name: 'Confirm change' })).toBeDisabled();
  });

  it('works from the keyboard: focus stays in the dialog, Space and Enter act, Escape closes it', async () => {
    const { fetch } = functionsAnswer(ok({ ...PREVIEW, nextPaymentAt: Date.UTC(2026, 11, 1) }));
    renderCard(goldOrder());
    const opener = screen.getByRole('button', { name: 'Change plan' });
    opener.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Change plan' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    for (let step = 0; step < 20; step += 1) {
      await userEvent.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }

    within(dialog)
      .getByRole('switch', { name: /^Digital marketing/ })
      .focus();
    await userEvent.keyboard(' ');
    expect(within(dialog).getByRole('switch', { name: /^Digital marketing/ })).toBeChecked();
    within(dialog).getByRole('button', { name: 'Preview' }).focus();
    await userEvent.keyboard('{Enter}');
    await within(dialog).findByText('Due now $6,451.61 (prorated)');
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body))).toMatchObject({ change: { plan: 'gold', marketing: true } });

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('is offered only for an active plan sold online', () => {
    const now = Date.now();
    const { unmount } = renderCard(goldOrder({ cancelAt: now + 40 * DAY_MS }));
    expect(screen.queryByRole('button', { name: 'Change plan' })).not.toBeInTheDocument();
    unmount();
    renderCard(checkoutOrder('websites', monthly('gold'), now));
    expect(screen.queryByRole('button', { name: 'Change plan' })).not.toBeInTheDocument();
  });
});

function invoice(id: number, fields: Partial<OrderInvoiceRecord> = {}): OrderInvoiceRecord {
  const createdAt = Date.UTC(2026, 9, id);
  return {
    number: `LEOPARD-000${id}`,
    createdAt,
    total: 1_500_000,
    tax: 0,
    amountPaid: 1_500_000,
    amountDue: 1_500_000,
    status: 'paid',
    hostedInvoiceUrl: `http://127.0.0.1:12111/invoices/in_${id}`,
    invoicePdf: `http://127.0.0.1:12111/invoices/in_${id}/pdf`,
    billingReason: 'subscription_cycle',
    periodStart: createdAt,
    periodEnd: createdAt + 30 * DAY_MS,
    fetchedAt: createdAt,
    ...fields,
  };
}

describe('Invoices on the order card', () => {
  it('lists each invoice with date, number, amount, tax, status, its page in a new tab and its PDF', () => {
    renderCard(goldOrder({ invoices: { in_1: invoice(1), in_2: invoice(2, { total: 645_161, tax: 46_774, status: 'open' }) } }));
    const list = within(screen.getByRole('region', { name: 'Invoices' }));
    const items = list.getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      `LEOPARD-0002, ${formatBillingDate(Date.UTC(2026, 9, 2))}`,
      `LEOPARD-0001, ${formatBillingDate(Date.UTC(2026, 9, 1))}`,
    ]);
    expect(items[0]).toHaveTextContent('$6,451.61');
    expect(items[0]).toHaveTextContent('Tax $467.74');
    expect(items[0]).toHaveTextContent('Open');
    expect(items[1]).toHaveTextContent('Paid');
    const view = within(items[0]!).getByRole('link', { name: /^View invoice LEOPARD-0002/ });
    expect(view).toHaveAttribute('href', 'http://127.0.0.1:12111/invoices/in_2');
    expect(view).toHaveAttribute('target', '_blank');
    expect(view).toHaveAttribute('rel', 'noopener noreferrer');
    const pdf = within(items[0]!).getByRole('link', { name: /^Download PDF LEOPARD-0002/ });
    expect(pdf).toHaveAttribute('href', 'http://127.0.0.1:12111/invoices/in_2/pdf');
    expect(pdf).toHaveAttribute('target', '_blank');
  });

  it("shows a downgrade's negative invoice as a credit to the balance, never as a negative payment", () => {
    renderCard(
      goldOrder({ invoices: { in_1: invoice(1), in_2: invoice(2, { total: -80_438, tax: -5_438, amountPaid: 0, amountDue: 0 }) } }),
    );
    const [credit, charge] = within(screen.getByRole('region', { name: 'Invoices' })).getAllByRole('listitem');
    expect(credit).toHaveTextContent('Credit $804.38');
    expect(credit).toHaveTextContent('Tax $54.38');
    expect(credit).toHaveTextContent('To your balance');
    expect(credit).not.toHaveTextContent('-$');
    expect(credit).not.toHaveTextContent('Paid');
    expect(charge).toHaveTextContent('$15,000.00');
    expect(charge).toHaveTextContent('Paid');
  });

  it('shows the latest few and the rest on request; none when there are none', async () => {
    const many = Object.fromEntries([1, 2, 3, 4, 5, 6].map((id) => [`in_${id}`, invoice(id)]));
    const { unmount } = renderCard(goldOrder({ invoices: many }));
    const region = screen.getByRole('region', { name: 'Invoices' });
    expect(within(region).getAllByRole('listitem')).toHaveLength(4);
    await userEvent.click(within(region).getByRole('button', { name: 'Show all 6 invoices' }));
    expect(within(region).getAllByRole('listitem')).toHaveLength(6);
    unmount();
    renderCard(goldOrder());
    expect(screen.queryByRole('region', { name: 'Invoices' })).not.toBeInTheDocument();
  });

  it('never links an address that is not a web page', () => {
    renderCard(goldOrder({ invoices: { in_1: invoice(1, { hostedInvoiceUrl: 'javascript:alert(1)', invoicePdf: 'data:text/html,x' }) } }));
    const region = screen.getByRole('region', { name: 'Invoices' });
    expect(region).toHaveTextContent('LEOPARD-0001');
    expect(within(region).queryByRole('link')).not.toBeInTheDocument();
  });
});

describe('The term on the order card', () => {
  it('says when the term ends, without Renew until its last 30 days', () => {
    const record = goldOrder();
    renderCard(record);
    expect(screen.getByRole('article')).toHaveTextContent(`Term ends on ${formatBillingDate(record.termEndsAt as number)}`);
    expect(screen.queryByRole('button', { name: TERM_TEXTS.renewButton })).not.toBeInTheDocument();
  });

  it('renews for 12 months in the last 30 days and says the new end', async () => {
    const termEndsAt = Date.now() + 12 * DAY_MS;
    const renewedTo = termEndsAt + 365 * DAY_MS;
    const { requests } = functionsAnswer(ok({ termEndsAt: renewedTo }));
    renderCard(goldOrder({ termEndsAt }));
    expect(screen.getByRole('article')).toHaveTextContent(TERM_TEXTS.ifNothing);
    await userEvent.click(screen.getByRole('button', { name: TERM_TEXTS.renewButton }));

    const status = await screen.findByText(`Renewed: the term now ends on ${formatBillingDate(renewedTo)}.`);
    expect(status).toHaveAttribute('role', 'status');
    expect(status).toHaveFocus();
    expect(requests()).toEqual([
      { url: `${FUNCTIONS}/manageSubscription`, authorization: 'Bearer id-token-1', body: { action: 'renew', orderId: ORDER_ID } },
    ]);
  });

  it('says why a renewal was refused and keeps the button', async () => {
    functionsAnswer(refused(409, MANAGE_SUBSCRIPTION_MESSAGES.canceled));
    renderCard(goldOrder({ termEndsAt: Date.now() + 5 * DAY_MS }));
    await userEvent.click(screen.getByRole('button', { name: TERM_TEXTS.renewButton }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MANAGE_SUBSCRIPTION_MESSAGES.canceled);
    expect(screen.getByRole('button', { name: TERM_TEXTS.renewButton })).toBeEnabled();
  });
});
