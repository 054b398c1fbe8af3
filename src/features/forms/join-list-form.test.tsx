import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, RouterProvider, createMemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { WAITLIST_PROGRAMME_PARAM } from '@/config/waitlist-programmes';
import { alertSuccess } from '@/ui/alerts';
import { SUCCESS_ALERTS, UNMAILED_SUCCESS_ALERTS } from './messages';
import PreorderPage from './preorder-page';
import { storeSubmission } from './submissions';
import WaitlistPage from './waitlist-page';

vi.mock('@/ui/alerts', () => ({ alertSuccess: vi.fn() }));
vi.mock('./submissions', async (original) => ({ ...(await original<typeof import('./submissions')>()), storeSubmission: vi.fn() }));

beforeEach(() => {
  vi.mocked(alertSuccess).mockReset();
  vi.mocked(storeSubmission).mockReset().mockResolvedValue({ id: 'key', mailed: true });
});

describe.each([
  {
    kind: 'waitlist',
    Page: WaitlistPage,
    path: '/open-access-program',
    h1: 'Open-access research program',
    button: 'Get Started',
    given: { programme: 'open-access' },
  },
  { kind: 'preorder', Page: PreorderPage, path: '/preorder', h1: 'Pre-order Space', button: 'Pre-order Space', given: {} },
] as const)('$kind page', ({ kind, Page, path, h1, button, given }) => {
  const renderPage = () => {
    render(
      <MemoryRouter initialEntries={[path]}>
        <Page />
      </MemoryRouter>,
    );
    return userEvent.setup();
  };

  it('sends full__name and email, thanks with the spec text (check your email: one was sent) and resets', async () => {
    const user = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: h1 })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    await user.type(screen.getByLabelText('Full name'), 'Katherine Johnson');
    await user.type(screen.getByLabelText('Email'), 'kj@example.com');
    await user.click(screen.getByRole('button', { name: button }));

    const fields = { full__name: 'Katherine Johnson', email: 'kj@example.com', ...given };
    await waitFor(() => expect(alertSuccess).toHaveBeenCalledWith(SUCCESS_ALERTS[kind]));
    expect(storeSubmission).toHaveBeenCalledWith(kind, fields, path);
    await waitFor(() => expect(screen.getByLabelText('Full name')).toHaveValue(''));
  });

  it('when no mail went to the person: thanks without "check your email"', async () => {
    vi.mocked(storeSubmission).mockResolvedValueOnce({ id: 'key', mailed: false });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = renderPage();
    await user.type(screen.getByLabelText('Full name'), 'Katherine Johnson');
    await user.type(screen.getByLabelText('Email'), 'kj@example.com');
    await user.click(screen.getByRole('button', { name: button }));
    await waitFor(() => expect(alertSuccess).toHaveBeenCalledWith(UNMAILED_SUCCESS_ALERTS[kind]));
    expect(JSON.stringify(vi.mocked(alertSuccess).mock.calls)).not.toMatch(/check your email/i);
    await waitFor(() => expect(screen.getByLabelText('Full name')).toHaveValue(''));
  });

  it('needs both fields and a real email shape', async () => {
    const user = renderPage();
    await user.type(screen.getByLabelText('Email'), 'kj@');
    await user.click(screen.getByRole('button', { name: button }));
    expect(await screen.findByText('Enter your full name.')).toBeInTheDocument();
    expect(screen.getByText('Enter an email address like name@example.com.')).toBeInTheDocument();
    expect(storeSubmission).not.toHaveBeenCalled();
  });
});

describe('the two waitlists', () => {
  const renderAt = (entry: string) => {
    render(
      <MemoryRouter initialEntries={[entry]}>
        <WaitlistPage />
      </MemoryRouter>,
    );
    return userEvent.setup();
  };

  const join = async (user: ReturnType<typeof userEvent.setup>, form: string) => {
    expect(screen.getByRole('form', { name: form })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Full name'), 'Mary Jackson');
    await user.type(screen.getByLabelText('Email'), 'mj@example.com');
    await user.click(screen.getByRole('button', { name: 'Get Started' }));
    await waitFor(() => expect(alertSuccess).toHaveBeenCalledWith(SUCCESS_ALERTS.waitlist));
  };

  it(`${paths.builderWaitlist} says it is the builder's waitlist and stores programme 'builder'`, async () => {
    const user = renderAt(paths.builderWaitlist);
    expect(screen.getByRole('heading', { level: 1, name: 'Enterprise builder waitlist' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Join the builder waitlist' })).toBeInTheDocument();
    expect(screen.getByText(/^You are joining the builder waitlist\./)).toBeInTheDocument();
    await join(user, 'Builder waitlist');
    const fields = { full__name: 'Mary Jackson', email: 'mj@example.com', programme: 'builder' };
    expect(storeSubmission).toHaveBeenCalledWith('waitlist', fields, paths.waitlist);
  });

  it.each([paths.waitlist, paths.openAccessProgram])('%s is the open-access waitlist, as the spec has it', async (entry) => {
    const user = renderAt(entry);
    expect(screen.getByRole('heading', { level: 1, name: 'Open-access research program' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Join the waitlist' })).toBeInTheDocument();
    expect(screen.queryByText(/builder/i)).not.toBeInTheDocument();
    await join(user, 'Waitlist');
    expect(storeSubmission).toHaveBeenCalledWith(
      'waitlist',
      { full__name: 'Mary Jackson', email: 'mj@example.com', programme: 'open-access' },
      entry,
    );
  });

  it.each(['Builder', 'builder ', 'enterprise', ''])('?programme=%j is not a programme: the open-access waitlist', async (value) => {
    const user = renderAt(`${paths.waitlist}?${new URLSearchParams({ [WAITLIST_PROGRAMME_PARAM]: value }).toString()}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Open-access research program' })).toBeInTheDocument();
    await join(user, 'Waitlist');
    expect(storeSubmission).toHaveBeenCalledWith('waitlist', expect.objectContaining({ programme: 'open-access' }), paths.waitlist);
  });

  it('follows the address when it changes on the same page (the enterprise link opened from the waitlist)', async () => {
    const router = createMemoryRouter([{ path: paths.waitlist, element: <WaitlistPage /> }], { initialEntries: [paths.waitlist] });
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Open-access research program' })).toBeInTheDocument();
    await act(() => router.navigate(paths.builderWaitlist));
    expect(screen.getByRole('heading', { level: 1, name: 'Enterprise builder waitlist' })).toBeInTheDocument();
    await join(userEvent.setup(), 'Builder waitlist');
    expect(storeSubmission).toHaveBeenCalledWith('waitlist', expect.objectContaining({ programme: 'builder' }), paths.waitlist);
  });
});

describe('success texts', () => {
  it('are the spec texts', () => {
    expect(SUCCESS_ALERTS.contact.title).toBe('Thank you for your submission');
    expect(SUCCESS_ALERTS.waitlist.text).toBe('Thank you for your submission, check your email for further instructions.');
    expect(SUCCESS_ALERTS.preorder.text).toMatch(/^Thank you for joining .+ Space! Check your email for further instructions\.$/);
  });

  it('without a mail, say nothing of an email', () => {
    for (const alert of Object.values(UNMAILED_SUCCESS_ALERTS)) expect(alert.text).not.toMatch(/email/i);
  });
});
