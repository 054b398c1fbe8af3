import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from 'firebase/auth';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { OPEN_CHECKOUT_AT_DELETION } from '@/data/users';
import { AUTH_ERROR_MESSAGES } from '@/session/auth-errors';
import { checkoutOrder, DAY_MS, monthly, orders, paidFields, T0 } from '../orders.testing';
import type { OrdersState } from '../use-orders';
import { DeleteAccountDialog } from './delete-account-dialog';
import { DELETE_ACCOUNT_MESSAGES } from './messages';

const mocks = vi.hoisted(() => ({ deleteAccount: vi.fn(), orders: {} as OrdersState }));
vi.mock('../account-data-api', () => ({ deleteAccount: mocks.deleteAccount, DELETE_CONFIRMATION: 'DELETE' }));
vi.mock('../use-orders', () => ({ useOrders: () => mocks.orders }));

const user = { uid: 'u1', email: 'ada@example.com' } as User;

function open() {
  const handlers = { onClose: vi.fn(), onDeleted: vi.fn() };
  render(
    <MemoryRouter>
      <DeleteAccountDialog user={user} {...handlers} />
    </MemoryRouter>,
  );
  return { ...handlers, dialog: screen.getByRole('dialog', { name: DELETE_ACCOUNT_MESSAGES.title }) };
}

const confirm = () => userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));

beforeEach(() => {
  vi.clearAllMocks();
  mocks.deleteAccount.mockResolvedValue({ ok: true, value: null });
  mocks.orders = { status: 'ready', unreachable: false, orders: [] };
});

const plansRegion = () => screen.getByRole('region', { name: DELETE_ACCOUNT_MESSAGES.plansTitle });

describe('DeleteAccountDialog', () => {
  it('says what happens before anything does: plans cancelled now, not refunded, invoices kept', () => {
    const { dialog } = open();
    for (const line of DELETE_ACCOUNT_MESSAGES.consequences) expect(dialog).toHaveTextContent(line);
    // A checkout left open: closed, and a payment that still gets through refunded (the policy and the mail say the same).
    expect(dialog).toHaveTextContent(OPEN_CHECKOUT_AT_DELETION);
    expect(dialog).toHaveTextContent(DELETE_ACCOUNT_MESSAGES.refund);
    expect(within(dialog).getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/support');
    expect(mocks.deleteAccount).not.toHaveBeenCalled();
  });

  it('names each live plan it cancels, and only those', () => {
    mocks.orders = {
      status: 'ready',
      unreachable: false,
      orders: orders({
        '-Nlive': checkoutOrder('websites', monthly('gold', { security: true }), T0, paidFields(T0, T0 + 30 * DAY_MS)),
        '-Nopen': checkoutOrder('mobile_apps', monthly('silver'), T0),
        '-Nended': checkoutOrder('websites', monthly('earth'), T0, { ...paidFields(T0, T0 + 30 * DAY_MS), subscriptionStatus: 'canceled' }),
      }),
    };
    open();
    expect(
      within(plansRegion())
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringMatching(/^Gold plan · Web Apps, \$[\d,]+\.\d\d \/ month$/)]);
  });

  it('says "No active plans" when there is none, and that all are cancelled when they cannot be read', () => {
    open();
    expect(plansRegion()).toHaveTextContent(DELETE_ACCOUNT_MESSAGES.noPlans);
    mocks.orders = { status: 'error', message: 'permission_denied', unreachable: false };
    render(
      <MemoryRouter>
        <DeleteAccountDialog user={user} onClose={vi.fn()} onDeleted={vi.fn()} />
      </MemoryRouter>,
    );
    expect(screen.getByText(DELETE_ACCOUNT_MESSAGES.plansUnknown)).toBeVisible();
  });

  it('needs the password and the word DELETE, exactly', async () => {
    open();
    await confirm();
    expect(screen.getByLabelText('Your password')).toHaveAccessibleDescription(DELETE_ACCOUNT_MESSAGES.passwordRequired);
    expect(screen.getByLabelText('Type DELETE to confirm')).toHaveAccessibleDescription(DELETE_ACCOUNT_MESSAGES.typeDelete);
    expect(screen.getByLabelText('Your password')).toHaveFocus();

    await userEvent.type(screen.getByLabelText('Your password'), 'secret-1');
    await userEvent.type(screen.getByLabelText('Type DELETE to confirm'), 'delete');
    await confirm();
    expect(screen.getByLabelText('Type DELETE to confirm')).toHaveAttribute('aria-invalid', 'true');
    expect(mocks.deleteAccount).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByLabelText('Type DELETE to confirm'));
    await userEvent.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await confirm();
    expect(mocks.deleteAccount).toHaveBeenCalledWith(user, 'secret-1');
  });

  it('hands over to the page once the account is deleted', async () => {
    const { onDeleted } = open();
    await userEvent.type(screen.getByLabelText('Your password'), 'secret-1');
    await userEvent.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await confirm();
    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
  });

  it('a wrong password is said in words, in the dialog, and what was typed stays', async () => {
    mocks.deleteAccount.mockRejectedValue(Object.assign(new Error('Wrong password'), { code: 'auth/wrong-password' }));
    const { onDeleted } = open();
    await userEvent.type(screen.getByLabelText('Your password'), 'not-it');
    await userEvent.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await confirm();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(AUTH_ERROR_MESSAGES['auth/wrong-password']!));
    expect(onDeleted).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Your password')).toHaveValue('not-it');
    expect(screen.getByLabelText('Type DELETE to confirm')).toHaveValue('DELETE');
    expect(screen.getByRole('button', { name: 'Delete my account' })).toBeEnabled();
  });

  it("the function's refusal is shown as it says it", async () => {
    mocks.deleteAccount.mockResolvedValue({
      ok: false,
      message: 'We could not reach the account service. Check your connection and try again.',
    });
    open();
    await userEvent.type(screen.getByLabelText('Your password'), 'secret-1');
    await userEvent.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await confirm();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('could not reach the account service'));
  });
});
