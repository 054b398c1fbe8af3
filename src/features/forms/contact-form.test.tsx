import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { alertSuccess } from '@/ui/alerts';
import ContactPage from './contact-page';
import { MAIL_FAILED_LOG, SUCCESS_ALERTS } from './messages';
import { StoreError, storeSubmission } from './submissions';

vi.mock('@/ui/alerts', () => ({ alertSuccess: vi.fn() }));
vi.mock('./submissions', async (original) => ({ ...(await original<typeof import('./submissions')>()), storeSubmission: vi.fn() }));

const store = vi.mocked(storeSubmission);
const VALUES = { name: 'Ada Lovelace', email: 'ada@example.com', phone: '+1 619 555 0100', city: 'San Diego', message: 'Hello' };

function renderAt(path = '/contact') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <ContactPage />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const field = (label: string) => screen.getByLabelText(label, { exact: true });

async function fill(user: ReturnType<typeof userEvent.setup>, values: Partial<typeof VALUES>) {
  const labels = { name: 'Full name', email: 'Email', phone: 'Phone number', city: 'City', message: 'Message' } as const;
  for (const [key, value] of Object.entries(values) as [keyof typeof labels, string][]) {
    await user.clear(field(labels[key]));
    if (value) await user.type(field(labels[key]), value);
  }
}

beforeEach(() => {
  vi.mocked(alertSuccess).mockReset();
  store.mockReset().mockResolvedValue({ id: 'key-1', mailed: true });
});

describe('ContactPage', () => {
  it('keeps the h1 and shows the spec placeholders and input types', () => {
    renderAt();
    expect(screen.getByRole('heading', { level: 1, name: 'Contact us' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Full Name')).toHaveAttribute('name', 'name');
    expect(screen.getByPlaceholderText('Contact Email')).toHaveAttribute('type', 'email');
    expect(screen.getByPlaceholderText('Contact Number')).toHaveAttribute('type', 'tel');
    expect(screen.getByPlaceholderText('City')).toHaveAttribute('name', 'city');
    expect(field('Message').tagName).toBe('TEXTAREA');
  });

  it('sends the trimmed fields with the page, thanks and resets', async () => {
    const user = renderAt('/support');
    await fill(user, { ...VALUES, name: '  Ada Lovelace ' });
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    await waitFor(() => expect(alertSuccess).toHaveBeenCalledWith(SUCCESS_ALERTS.contact));
    expect(store).toHaveBeenCalledExactlyOnceWith('contact', VALUES, '/support');
    await waitFor(() => expect(field('Full name')).toHaveValue(''));
    expect(field('Message')).toHaveValue('');
  });

  it('explains each bad field next to it, announced, and sends nothing', async () => {
    const user = renderAt();
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Enter your full name.')).toHaveAttribute('role', 'alert');
    expect(field('Full name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Full name')).toHaveAccessibleDescription('Enter your full name.');
    expect(field('Full name')).toHaveFocus();
    expect(field('Message')).toHaveAccessibleDescription('Up to 5,000 characters. Enter your message.');

    await fill(user, { ...VALUES, email: 'ada@example', phone: '555', name: '<b>Ada</b>' });
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText("Full name can't contain < or >.")).toBeInTheDocument();
    expect(screen.getByText('Enter an email address like name@example.com.')).toBeInTheDocument();
    expect(screen.getByText('Enter a phone number of 7 to 20 characters.')).toBeInTheDocument();
    expect(field('City')).not.toHaveAttribute('aria-invalid');
    expect(store).not.toHaveBeenCalled();
  });

  it('refuses a message over the database limit with its length', async () => {
    const user = renderAt();
    await fill(user, { ...VALUES, message: '' });
    await act(async () => {
      // typing 5,001 characters one by one is slow; paste them
      field('Message').focus();
      await user.paste('m'.repeat(5001));
    });
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Message can be at most 5,000 characters (it has 5,001).')).toBeInTheDocument();
    expect(store).not.toHaveBeenCalled();
  });

  it('is disabled while sending and sends once however often it is pressed', async () => {
    let finish!: (stored: { id: string; mailed: boolean }) => void;
    store.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const user = renderAt();
    await fill(user, VALUES);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const busy = await screen.findByRole('button', { name: 'Sending…' });
    expect(busy).toBeDisabled();
    await user.click(busy);
    await user.type(field('City'), '{Enter}');
    expect(store).toHaveBeenCalledTimes(1);
    await act(async () => finish({ id: 'key-1', mailed: true }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send message' })).toBeEnabled());
    expect(alertSuccess).toHaveBeenCalledTimes(1);
  });

  it('when storing fails: keeps what was typed, says so with a retry, thanks nobody; the retry sends', async () => {
    store.mockRejectedValueOnce(new StoreError('timeout')).mockRejectedValueOnce(new StoreError('denied'));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = renderAt();
    await fill(user, VALUES);
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    let error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('We could not reach our servers');
    expect(error).toHaveTextContent('everything you typed is still here');
    expect(field('Full name')).toHaveValue(VALUES.name);
    expect(field('Message')).toHaveValue(VALUES.message);
    expect(alertSuccess).not.toHaveBeenCalled();

    await user.click(within(error).getByRole('button', { name: 'Try again' }));
    error = await screen.findByRole('alert');
    await waitFor(() => expect(error).toHaveTextContent('Your submission was not accepted'));
    expect(field('Email')).toHaveValue(VALUES.email);

    await user.click(within(error).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(alertSuccess).toHaveBeenCalledWith(SUCCESS_ALERTS.contact));
    expect(store).toHaveBeenCalledTimes(3);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() => expect(field('Email')).toHaveValue(''));
  });

  it('when the visitor has sent too many: says plainly how long to wait, keeps what was typed, offers no retry', async () => {
    store.mockRejectedValueOnce(new StoreError('quota', { waitMinutes: 12 }));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = renderAt();
    await fill(user, VALUES);
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('Please wait a little before sending again');
    expect(error).toHaveTextContent('Please try again in 12 minutes.');
    expect(error).toHaveTextContent('everything you typed is still here');
    expect(within(error).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    for (const [key, label] of [
      ['name', 'Full name'],
      ['message', 'Message'],
    ] as const)
      expect(field(label)).toHaveValue(VALUES[key]);
  });

  it('when the network has sent too many today: says so, with the wait in hours', async () => {
    store.mockRejectedValueOnce(new StoreError('quota', { waitMinutes: 1439, limit: 'address' }));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = renderAt();
    await fill(user, VALUES);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('Many submissions have come from your network today');
    expect(error).toHaveTextContent('Please try again in 24 hours.');
    expect(field('Message')).toHaveValue(VALUES.message);
  });

  it('thanks the same when the inquiry was stored but not mailed, and logs it', async () => {
    store.mockResolvedValueOnce({ id: 'key-2', mailed: false });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = renderAt();
    await fill(user, VALUES);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(alertSuccess).toHaveBeenCalledWith(SUCCESS_ALERTS.contact));
    expect(warn).toHaveBeenCalledWith(MAIL_FAILED_LOG);
  });

  it('shows the setup error when the build has no database', async () => {
    store.mockRejectedValueOnce(new StoreError('setup'));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = renderAt();
    await fill(user, VALUES);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The identity/database client is not initialised.');
  });

  it('lists the contact details: San Diego, the support mail link, the social handles', () => {
    renderAt();
    const details = screen.getByRole('complementary', { name: 'Reach us directly' });
    expect(details).toHaveTextContent('San Diego');
    expect(within(details).getByRole('link', { name: /^support@/ })).toHaveAttribute('href', expect.stringMatching(/^mailto:/));
    expect(within(details).getAllByRole('link', { name: /^@/ })).toHaveLength(3);
  });
});
