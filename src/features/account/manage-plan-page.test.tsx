/** /manage-plan?token=…: guestPortal answered at the network boundary with what it answers. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GUEST_PORTAL_MESSAGES } from '@/catalog/plan-changes';
import { paths } from '@/config/paths';
import ManagePlanPage from './manage-plan-page';
import { MANAGE_PLAN_TEXTS } from './manage-plan-texts';

const FUNCTIONS = 'https://functions.test';
/** 32 bytes in base64url, as the functions mint them; each test its own (a link is asked once). */
const token = (fill: string) => fill.repeat(43);

function answer(status: number, body: unknown) {
  const fetch = vi.fn<typeof globalThis.fetch>(async () => Response.json(body, { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderAt(search: string) {
  return render(
    <StrictMode>
      <MemoryRouter initialEntries={[`${paths.managePlan}${search}`]}>
        <ManagePlanPage />
      </MemoryRouter>
    </StrictMode>,
  );
}

const heading = () => screen.getByRole('heading', { level: 1 });

beforeEach(() => {
  vi.stubEnv('VITE_FUNCTIONS_URL', `${FUNCTIONS}/`);
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe('Manage your plan link', () => {
  it('asks guestPortal once for the token and goes on to the portal', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>();
    let reply!: (response: Response) => void;
    fetch.mockReturnValue(new Promise((resolve) => (reply = resolve)));
    vi.stubGlobal('fetch', fetch);
    renderAt(`?token=${token('A')}`);

    expect(heading()).toHaveTextContent('Manage your plan');
    expect(screen.getByRole('status')).toHaveTextContent(MANAGE_PLAN_TEXTS.opening);
    // jsdom cannot leave the page; what the page shows while the browser goes is what is checked.
    reply(Response.json({ statusCode: 200, data: { url: 'http://127.0.0.1:12111/p/session/bps_1' } }));
    expect(await screen.findByText(MANAGE_PLAN_TEXTS.leaving, { selector: '[role=status] *' })).toBeInTheDocument();

    // StrictMode runs the effect twice: the single-use link is still asked for once.
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`${FUNCTIONS}/guestPortal`);
    expect(JSON.parse(String(init?.body))).toEqual({ token: token('A') });
    expect((init?.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it.each([
    [400, MANAGE_PLAN_TEXTS.brokenTitle, GUEST_PORTAL_MESSAGES.malformed, 'B'],
    [404, MANAGE_PLAN_TEXTS.unknownTitle, GUEST_PORTAL_MESSAGES.unknown, 'C'],
    [410, MANAGE_PLAN_TEXTS.spentTitle, GUEST_PORTAL_MESSAGES.spent, 'D'],
  ])('answered %i: says so and what to do next', async (status, title, message, fill) => {
    answer(status, { statusCode: status, error: { message } });
    renderAt(`?token=${token(fill)}`);

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(heading()).toHaveTextContent(title);
    expect(screen.getByText(MANAGE_PLAN_TEXTS.next)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `${paths.signIn}?next=${encodeURIComponent(paths.orderHistory)}`,
    );
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', paths.support);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('asks nothing for a missing or cut-off token', () => {
    const fetch = answer(200, {});
    renderAt(`?token=${token('E').slice(0, 30)}`);
    expect(heading()).toHaveTextContent(MANAGE_PLAN_TEXTS.brokenTitle);
    expect(screen.getByRole('alert')).toHaveTextContent(GUEST_PORTAL_MESSAGES.malformed);
    renderAt('');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('offers to try again when the service could not be reached, and then goes on', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>();
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fetch.mockResolvedValueOnce(Response.json({ statusCode: 200, data: { url: 'http://127.0.0.1:12111/p/session/bps_2' } }));
    vi.stubGlobal('fetch', fetch);
    renderAt(`?token=${token('F')}`);

    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach the billing service.');
    expect(heading()).toHaveTextContent(MANAGE_PLAN_TEXTS.failedTitle);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(MANAGE_PLAN_TEXTS.leaving, { selector: '[role=status] *' })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
