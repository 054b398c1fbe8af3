import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_ERROR_MESSAGES } from '@/session/auth-errors';
import { afterSignIn, sendPasswordReset, signIn } from './auth-api';
import { SIGN_IN_MESSAGES } from './messages';
import { SignInForm } from './sign-in-form';

vi.mock('./auth-api', () => ({ signIn: vi.fn(), afterSignIn: vi.fn(), sendPasswordReset: vi.fn() }));

/** The signed-in user as Firebase gives it, with the role claims of its ID token. */
const account = (claims: Record<string, unknown> = {}) => ({ uid: 'u1', getIdTokenResult: () => Promise.resolve({ claims }) }) as never;

const authError = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/sign-in', element: <SignInForm /> },
      { path: '*', element: <h1>Elsewhere</h1> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

async function submit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

beforeEach(() => vi.clearAllMocks());

describe('SignInForm', () => {
  it('shows the password on a pressed toggle and hides it again, keeping what was typed, and signs in with it', async () => {
    vi.mocked(signIn).mockResolvedValueOnce(account());
    const user = userEvent.setup();
    const router = renderAt('/sign-in');
    const password = screen.getByLabelText('Password');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(password, 'correct horse');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password', pressed: false }));
    expect(password).toHaveAttribute('type', 'text');
    expect(password).toHaveValue('correct horse');
    await user.click(screen.getByRole('button', { name: 'Hide password', pressed: true }));
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(signIn).toHaveBeenCalledWith('ada@example.com', 'correct horse');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('asks for both fields before calling Firebase', async () => {
    renderAt('/sign-in');
    await submit('', '');
    expect(screen.getByRole('alert')).toHaveTextContent(SIGN_IN_MESSAGES.missing);
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(signIn).not.toHaveBeenCalled();
  });

  it.each(['auth/wrong-password', 'auth/user-not-found', 'auth/invalid-credential', 'auth/invalid-login-credentials'])(
    'says %s in the same words, never whether the address has an account',
    async (code) => {
      vi.mocked(signIn).mockRejectedValueOnce(authError(code));
      renderAt('/sign-in');
      await submit('ada@example.com', 'secret1');
      expect(screen.getByRole('alert')).toHaveTextContent(AUTH_ERROR_MESSAGES['auth/invalid-credential']!);
    },
  );

  it.each(['auth/too-many-requests', 'auth/network-request-failed', 'auth/user-disabled'])(
    'turns %s into the plain sentence of auth-errors.ts and stays',
    async (code) => {
      vi.mocked(signIn).mockRejectedValueOnce(authError(code));
      const router = renderAt('/sign-in');
      await submit('ada@example.com', 'secret1');
      expect(screen.getByRole('alert')).toHaveTextContent(AUTH_ERROR_MESSAGES[code]!);
      expect(screen.getByRole('alert')).not.toHaveTextContent('Firebase');
      expect(router.state.location.pathname).toBe('/sign-in');
      expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    },
  );

  it('shows an unknown failure without the "Firebase: Error (…)" wrapper', async () => {
    vi.mocked(signIn).mockRejectedValueOnce(authError('auth/internal-error'));
    renderAt('/sign-in');
    await submit('ada@example.com', 'secret1');
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong (auth/internal-error). Please try again.');
  });

  it('goes back to ?next= after signing in', async () => {
    vi.mocked(signIn).mockResolvedValueOnce(account({ role: 'admin' }));
    const router = renderAt('/sign-in?next=%2Forder-history%3Fx%3D1');
    await submit('ada@example.com', 'secret1');
    expect(router.state.location.pathname + router.state.location.search).toBe('/order-history?x=1');
  });

  it('asks for the account email to be brought up to date after every sign-in', async () => {
    const user = account();
    vi.mocked(signIn).mockResolvedValueOnce(user);
    renderAt('/sign-in');
    await submit('ada@example.com', 'secret1');
    expect(afterSignIn).toHaveBeenCalledWith(user);
  });

  it('says "Sign in to continue" to someone sent here from a customer page, and nothing of the kind otherwise', async () => {
    renderAt('/sign-in?next=%2Fdashboard');
    expect(await screen.findByText(SIGN_IN_MESSAGES.signInToContinue)).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/expired/i);
  });

  it('has no "Sign in to continue" without a ?next=', () => {
    renderAt('/sign-in');
    expect(screen.queryByText(SIGN_IN_MESSAGES.signInToContinue)).toBeNull();
  });

  it('goes to the dashboard without a usable ?next=', async () => {
    vi.mocked(signIn).mockResolvedValueOnce(account());
    const router = renderAt('/sign-in?next=https%3A%2F%2Fevil.example.com');
    await submit('ada@example.com', 'secret1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('takes staff to their console without a ?next= (they have no customer profile); a role the site does not know goes to the dashboard', async () => {
    vi.mocked(signIn).mockResolvedValueOnce(account({ role: 'support' }));
    const staff = renderAt('/sign-in');
    await submit('ada@example.com', 'secret1');
    await waitFor(() => expect(staff.state.location.pathname).toBe('/staff'));
    cleanup();

    vi.mocked(signIn).mockResolvedValueOnce(account({ role: 'superuser' }));
    const forged = renderAt('/sign-in');
    await submit('ada@example.com', 'secret1');
    await waitFor(() => expect(forged.state.location.pathname).toBe('/dashboard'));
  });

  it('says the reset email is on its way even for an unknown address', async () => {
    vi.mocked(sendPasswordReset).mockRejectedValueOnce(authError('auth/user-not-found'));
    renderAt('/sign-in');
    await userEvent.type(screen.getByLabelText('Email'), 'nobody@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(sendPasswordReset).toHaveBeenCalledWith('nobody@example.com');
    expect(screen.getByRole('alert')).toHaveTextContent(SIGN_IN_MESSAGES.resetSent('nobody@example.com'));
  });
});
