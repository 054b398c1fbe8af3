import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FirebaseSetupError } from '@/firebase/clients';
import { alertError, alertSuccess, alertWarning } from '@/ui/alerts';
import { AUTH_ERROR_MESSAGES } from '@/session/auth-errors';
import { createUserRecord } from '@/firebase/users-api';
import { createAccount } from './auth-api';
import { SIGN_UP_MESSAGES } from './messages';
import { SignUpForm } from './sign-up-form';

vi.mock('@/ui/alerts', () => ({
  alertError: vi.fn(async () => {}),
  alertWarning: vi.fn(async () => {}),
  alertSuccess: vi.fn(async () => {}),
}));
vi.mock('./auth-api', () => ({ createAccount: vi.fn(), resumeAccount: vi.fn(async () => null) }));
vi.mock('@/firebase/users-api', () => ({ createUserRecord: vi.fn() }));
vi.mock('@/firebase/clients', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/firebase/clients')>()),
  getAuthClient: vi.fn(async () => ({})),
  getDatabaseClient: vi.fn(async () => ({})),
}));

const clients = await import('@/firebase/clients');

function renderForm() {
  const router = createMemoryRouter(
    [
      { path: '/signup', element: <SignUpForm /> },
      { path: '/dashboard', element: <h1>Dashboard</h1> },
    ],
    { initialEntries: ['/signup'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

async function fillValid() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('First name'), 'Ada');
  await user.type(screen.getByLabelText('Last name'), 'Lovelace');
  await user.selectOptions(screen.getByLabelText('Month'), 'March');
  await user.selectOptions(screen.getByLabelText('Day'), '7');
  await user.selectOptions(screen.getByLabelText('Year'), '1990');
  await user.type(screen.getByLabelText('Phone number'), '6195550123');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret1');
  await user.type(screen.getByLabelText('Confirm password'), 'secret1');
  await user.type(screen.getByLabelText('Type the code shown above'), (await listenToCaptcha()).toLowerCase());
  return user;
}

/** What was spoken since the last "Listen to the code" (jsdom has no speech synthesis). */
let spoken: string[] = [];

/** The code as a person who cannot see the image gets it: by listening to it. */
async function listenToCaptcha(): Promise<string> {
  await userEvent.click(screen.getByRole('button', { name: 'Listen to the code' }));
  return spoken.map((text) => /^([A-Z]), as in |^the digit (\d)$/.exec(text)?.slice(1).join('') ?? '?').join('');
}

beforeEach(() => {
  vi.clearAllMocks();
  // jsdom has no canvas.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  spoken = [];
  vi.stubGlobal(
    'SpeechSynthesisUtterance',
    class {
      constructor(readonly text: string) {}
    },
  );
  vi.stubGlobal('speechSynthesis', { speak: (u: { text: string }) => spoken.push(u.text), cancel: () => (spoken = []) });
  return () => vi.unstubAllGlobals();
});

describe('SignUpForm', () => {
  it('marks every text input and select required, with US +1, "text" and both opt-ins off by default', () => {
    renderForm();
    for (const name of [
      'First name',
      'Last name',
      'Country',
      'Month',
      'Day',
      'Year',
      'Phone number',
      'Email',
      'Password',
      'Confirm password',
    ]) {
      expect(screen.getByLabelText(name)).toBeRequired();
    }
    expect(screen.getByLabelText('Country')).toHaveValue('US');
    expect(screen.getByText('+1')).toBeInTheDocument();
    expect(screen.getByLabelText('Text message')).toBeChecked();
    for (const box of screen.getAllByRole('checkbox')) expect(box).not.toBeChecked();
  });

  it('shows the first problem as a warning, beside the field and in an alert region', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(alertWarning).toHaveBeenCalledWith(SIGN_UP_MESSAGES.missingInformation);
    const firstName = screen.getByLabelText('First name');
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    expect(firstName).toHaveAccessibleDescription(SIGN_UP_MESSAGES.missingInformation.text);
    expect(screen.getByRole('alert')).toHaveTextContent(SIGN_UP_MESSAGES.missingInformation.text);
    expect(createAccount).not.toHaveBeenCalled();
    await waitFor(() => expect(firstName).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Create account' })).toBeEnabled();
  });

  it('reports a setup error on submit when the Firebase clients cannot be created', async () => {
    vi.mocked(clients.getAuthClient).mockRejectedValueOnce(new FirebaseSetupError());
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(alertError).toHaveBeenCalledWith(SIGN_UP_MESSAGES.setupError);
    expect(alertWarning).not.toHaveBeenCalled();
  });

  it('shows "Error" with the provider\'s message in plain words and keeps what was typed', async () => {
    vi.mocked(createAccount).mockRejectedValueOnce(
      Object.assign(new Error('Firebase: Error (auth/email-already-in-use).'), { code: 'auth/email-already-in-use' }),
    );
    renderForm();
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(alertError).toHaveBeenCalledWith({ title: 'Error', text: AUTH_ERROR_MESSAGES['auth/email-already-in-use'] });
    expect(screen.getByRole('alert')).not.toHaveTextContent('Firebase');
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it('stores a non-US number with its own dial code', async () => {
    vi.mocked(createAccount).mockResolvedValueOnce({ uid: 'u2', emailVerified: false } as never);
    renderForm();
    await fillValid();
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'GB');
    expect(screen.getByText('+44')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Phone number'));
    await userEvent.type(screen.getByLabelText('Phone number'), '020 7946 0958');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(createUserRecord).toHaveBeenCalledWith('u2', expect.objectContaining({ phoneNumber: '+442079460958', country: 'GB' }));
  });

  it('creates the account, writes the profile, welcomes and goes to the dashboard', async () => {
    vi.mocked(createAccount).mockResolvedValueOnce({ uid: 'u1', emailVerified: false } as never);
    const router = renderForm();
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(createAccount).toHaveBeenCalledWith('ada@example.com', 'secret1');
    expect(createUserRecord).toHaveBeenCalledWith('u1', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phoneNumber: '+16195550123',
      country: 'US',
      birthDate: 'March/7/1990',
      verificationMethod: 'text',
      receiveAnnouncements: false,
      receiveAppsMusicTV: false,
      emailVerified: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
    expect(alertSuccess).toHaveBeenCalledWith(SIGN_UP_MESSAGES.welcome);
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
