/** A never-paid order's Complete payment and Remove on the order card, with unpaidCheckout answered
 *  at the network boundary in the shapes it answers (src/catalog/unpaid-checkouts.ts). */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from 'firebase/auth';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UNPAID_CHECKOUT_MESSAGES, UNPAID_CHECKOUT_TEXTS as TEXTS } from '@/catalog/unpaid-checkouts';
import { AuthContext, type AuthState } from '@/session/auth-context';
import { checkoutOrder, monthly, orders } from '../orders.testing';
import { OrderCard } from './order-card';

const ORDER_ID = '-NleftOpen0000000001';
const signedIn: AuthState = {
  user: { uid: 'u1', getIdToken: async () => 'id-token-1' } as unknown as User,
  ready: true,
  signingOut: false,
  signOut: async () => {},
};

/** unpaidCheckout answering `status` with `body` once; the request it got is kept. */
function unpaidCheckoutAnswers(status: number, body: unknown) {
  const fetch = vi.fn<typeof globalThis.fetch>(async () => Response.json(body, { status }));
  vi.stubGlobal('fetch', fetch);
  return () => {
    const [url, init] = fetch.mock.calls[0]!;
    return { url: String(url), body: JSON.parse(String(init?.body)) as unknown };
  };
}

function renderLeftOpen() {
  const [order] = orders({ [ORDER_ID]: checkoutOrder('websites', monthly('earth'), Date.now()) });
  render(
    <AuthContext.Provider value={signedIn}>
      <MemoryRouter>
        <OrderCard order={order!} />
      </MemoryRouter>
    </AuthContext.Provider>,
  );
  return screen.getByRole('article');
}

beforeEach(() => vi.stubEnv('VITE_FUNCTIONS_URL', 'https://functions.test/'));
afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe('a checkout left before Pay', () => {
  it('says why Complete payment could not reopen it (Stripe expired it meanwhile), and keeps the card as it was', async () => {
    const sent = unpaidCheckoutAnswers(410, { statusCode: 410, error: { message: UNPAID_CHECKOUT_MESSAGES.expired } });
    const card = renderLeftOpen();
    await userEvent.click(within(card).getByRole('button', { name: TEXTS.resume }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(UNPAID_CHECKOUT_MESSAGES.expired);
    expect(sent()).toEqual({ url: 'https://functions.test/unpaidCheckout', body: { action: 'resume', orderId: ORDER_ID } });
    expect(within(card).getByRole('button', { name: TEXTS.resume })).toBeEnabled();
  });

  it('asks before Remove, sends nothing on Keep it, and says why when the server refuses (paid meanwhile)', async () => {
    const sent = unpaidCheckoutAnswers(409, { statusCode: 409, error: { message: UNPAID_CHECKOUT_MESSAGES.paidMeanwhile } });
    const card = renderLeftOpen();
    await userEvent.click(within(card).getByRole('button', { name: TEXTS.remove }));
    await userEvent.click(within(screen.getByRole('dialog', { name: TEXTS.confirmTitle })).getByRole('button', { name: TEXTS.keep }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(vi.mocked(globalThis.fetch)).not.toHaveBeenCalled();

    await userEvent.click(within(card).getByRole('button', { name: TEXTS.remove }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: TEXTS.confirmTitle })).getByRole('button', { name: TEXTS.confirmRemove }),
    );
    expect(await within(card).findByRole('alert')).toHaveTextContent(UNPAID_CHECKOUT_MESSAGES.paidMeanwhile);
    expect(sent().body).toEqual({ action: 'remove', orderId: ORDER_ID });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
