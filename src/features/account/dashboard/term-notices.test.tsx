import { render, screen, within } from '@testing-library/react';
import type { User } from 'firebase/auth';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { formatBillingDate } from '@/catalog/subscription';
import { TERM_TEXTS } from '@/catalog/term';
import { paths } from '@/config/paths';
import type { StoredOrder } from '@/data/orders';
import { AuthContext, type AuthState } from '@/session/auth-context';
import { checkoutOrder, DAY_MS, monthly, orders, paidFields } from '../orders.testing';
import { TermNotices } from './term-notices';

const auth: AuthState = { user: { uid: 'u1' } as User, ready: true, signingOut: false, signOut: async () => {} };

function plan(termEndsAt: number, fields: StoredOrder = {}): StoredOrder {
  const start = termEndsAt - 365 * DAY_MS;
  return checkoutOrder('mobile_apps', monthly('silver'), start, {
    ...paidFields(start, termEndsAt - 5 * DAY_MS),
    termEndsAt,
    termNotice: { termEndsAt, sentAt: termEndsAt - 14 * DAY_MS },
    ...fields,
  });
}

function renderNotices(records: Record<string, StoredOrder>) {
  return render(
    <AuthContext.Provider value={auth}>
      <MemoryRouter>
        <TermNotices orders={orders(records)} />
      </MemoryRouter>
    </AuthContext.Provider>,
  );
}

describe('Term notices on the dashboard', () => {
  it('tells the date, what happens if nothing is done, and offers Renew and the order', () => {
    const termEndsAt = Date.now() + 10 * DAY_MS;
    renderNotices({ '-Nsilver000000000001': plan(termEndsAt) });
    const notice = screen.getByRole('region', { name: `Your Silver plan for Mobile Apps ends on ${formatBillingDate(termEndsAt)}` });
    expect(notice).toHaveTextContent(TERM_TEXTS.ifNothing);
    expect(within(notice).getByRole('button', { name: TERM_TEXTS.renewButton })).toBeEnabled();
    expect(within(notice).getByRole('link', { name: 'See the order' })).toHaveAttribute(
      'href',
      `${paths.orderHistory}#order--Nsilver000000000001`,
    );
  });

  it('shows nothing for a date gone by, a term renewed since, or an order never told', () => {
    const now = Date.now();
    const { container } = renderNotices({
      '-Npast00000000000001': plan(now - DAY_MS),
      '-Nrenewed00000000001': plan(now + 10 * DAY_MS, { termEndsAt: now + 375 * DAY_MS }),
      '-Nquiet0000000000001': plan(now + 10 * DAY_MS, { termNotice: undefined }),
    });
    expect(container).toBeEmptyDOMElement();
  });
});
