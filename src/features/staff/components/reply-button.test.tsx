/** Reply with the staff function answered at the network boundary: a real mailto: link whose click,
 *  Enter or middle click records the reply, and whose refusal is said beside it. */
import { fireEvent, render, screen } from '@testing-library/react';
import type { User } from 'firebase/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StaffContext } from '../staff-context';
import { RepliedFact, ReplyButton } from './reply-button';

let fetch: ReturnType<typeof vi.fn<typeof globalThis.fetch>>;
const sent = () => fetch.mock.calls.map(([, init]) => JSON.parse(String(init?.body)) as unknown);

function renderReply(answer: () => Response) {
  fetch = vi.fn<typeof globalThis.fetch>(async () => answer());
  vi.stubGlobal('fetch', fetch);
  const user = { uid: 'u1', getIdToken: async () => 'id-token-1' } as unknown as User;
  render(
    <StaffContext.Provider value={{ user, role: 'support' }}>
      <ReplyButton inquiry={{ id: 'c1', name: 'Ada', email: 'ada@example.com' }} />
    </StaffContext.Provider>,
  );
  // jsdom's name leaves out the space before the hidden words, which Chromium keeps (tests/e2e/staff-export.spec.ts).
  const link = screen.getByRole('link', { name: /^Reply ?to Ada$/ });
  // jsdom cannot open a mail program: the link's own navigation is what a browser does.
  link.addEventListener('click', (event) => event.preventDefault());
  return link;
}

beforeEach(() => vi.stubEnv('VITE_FUNCTIONS_URL', 'https://functions.test/'));
afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe('Reply', () => {
  it('is the mail program’s link, and a click or a middle click records the reply; a right click does not', async () => {
    const link = renderReply(() => Response.json({ statusCode: 200, data: { id: 'c1', status: 'answered' } }));
    expect(link).toHaveAttribute('href', 'mailto:ada@example.com?subject=Re%3A%20your%20inquiry%20to%20Leopard');
    fireEvent.click(link);
    fireEvent(link, new MouseEvent('auxclick', { bubbles: true, button: 1 }));
    fireEvent(link, new MouseEvent('auxclick', { bubbles: true, button: 2 }));
    await vi.waitFor(() =>
      expect(sent()).toEqual([
        { action: 'recordReply', id: 'c1' },
        { action: 'recordReply', id: 'c1' },
      ]),
    );
  });

  it('says why when the reply could not be recorded', async () => {
    const message = 'No contact inquiry has the id c1.';
    const link = renderReply(() => Response.json({ statusCode: 404, error: { message } }, { status: 404 }));
    fireEvent.click(link);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});

describe('RepliedFact', () => {
  it('says who replied last and when, with the exact time in the markup, and nothing before a reply', () => {
    const at = Date.UTC(2026, 10, 29, 15, 30);
    const { container, rerender } = render(
      <dl>
        <RepliedFact inquiry={{ repliedAt: at, repliedByEmail: 'support@leopard.test' }} />
      </dl>,
    );
    expect(container).toHaveTextContent(/^Repliedby support@leopard\.test, /);
    expect(container.querySelector('time')).toHaveAttribute('datetime', '2026-11-29T15:30:00.000Z');
    rerender(
      <dl>
        <RepliedFact inquiry={{ repliedAt: null, repliedByEmail: '' }} />
      </dl>,
    );
    expect(container.querySelector('dl')).toBeEmptyDOMElement();
  });
});
