import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { alertSuccess } from '@/ui/alerts';
import { startMail } from './mail';
import { SUCCESS_ALERTS } from './messages';
import PreorderPage from './preorder-page';
import { storeSubmission } from './submissions';
import WaitlistPage from './waitlist-page';

vi.mock('@/ui/alerts', () => ({ alertSuccess: vi.fn() }));
vi.mock('./mail', () => ({ startMail: vi.fn() }));
vi.mock('./submissions', async (original) => ({ ...(await original<typeof import('./submissions')>()), storeSubmission: vi.fn() }));

beforeEach(() => {
  vi.mocked(alertSuccess).mockReset();
  vi.mocked(storeSubmission).mockReset().mockResolvedValue('key');
  vi.mocked(startMail)
    .mockReset()
    .mockResolvedValue({ delivered: Promise.resolve('sent') });
});

describe.each([
  { kind: 'waitlist', Page: WaitlistPage, path: '/open-access-program', h1: 'Open-access research program', button: 'Get Started' },
  { kind: 'preorder', Page: PreorderPage, path: '/preorder', h1: 'Pre-order Space', button: 'Pre-order Space' },
] as const)('$kind page', ({ kind, Page, path, h1, button }) => {
  const renderPage = () => {
    render(
      <MemoryRouter initialEntries={[path]}>
        <Page />
      </MemoryRouter>,
    );
    return userEvent.setup();
  };

  it('stores full__name and email, mails them, thanks with the spec text and resets', async () => {
    const user = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: h1 })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    await user.type(screen.getByLabelText('Full name'), 'Katherine Johnson');
    await user.type(screen.getByLabelText('Email'), 'kj@example.com');
    await user.click(screen.getByRole('button', { name: button }));

    const fields = { full__name: 'Katherine Johnson', email: 'kj@example.com' };
    await waitFor(() => expect(alertSuccess).toHaveBeenCalledWith(SUCCESS_ALERTS[kind]));
    expect(storeSubmission).toHaveBeenCalledWith(kind, fields, path);
    expect(startMail).toHaveBeenCalledWith(expect.objectContaining({ kind, fields }));
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

describe('success texts', () => {
  it('are the spec texts', () => {
    expect(SUCCESS_ALERTS.contact.title).toBe('Thank you for your submission');
    expect(SUCCESS_ALERTS.waitlist.text).toBe('Thank you for your submission, check your email for further instructions.');
    expect(SUCCESS_ALERTS.preorder.text).toMatch(/^Thank you for joining .+ Space! Check your email for further instructions\.$/);
  });
});
