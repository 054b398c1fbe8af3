import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_LABELS } from '@/data/users';
import type { FunctionAnswer } from '@/firebase/functions';
import UnsubscribePage from './unsubscribe-page';
import { UNSUBSCRIBE_TEXTS } from './unsubscribe-api';

const mocks = vi.hoisted(() => ({ callFunction: vi.fn<(name: string, call: unknown) => Promise<FunctionAnswer>>() }));
vi.mock('@/firebase/functions', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/firebase/functions')>()),
  callFunction: mocks.callFunction,
}));

const TOKEN = 'eyJlbWFpbCI6ImFkYUBleGFtcGxlLmNvbSJ9.c2lnbmF0dXJl';

function openWith(search: string) {
  render(
    <MemoryRouter initialEntries={[`/unsubscribe${search}`]}>
      <UnsubscribePage />
    </MemoryRouter>,
  );
}

beforeEach(() => vi.clearAllMocks());

describe('UnsubscribePage', () => {
  it('sends the token, without any sign-in, and says what was turned off', async () => {
    mocks.callFunction.mockResolvedValue({ reached: true, status: 200, body: { email: 'ada@example.com', choice: 'receiveAppsMusicTV' } });
    openWith(`?token=${TOKEN}`);
    const said = `ada@example.com will no longer get: ${CONSENT_LABELS.receiveAppsMusicTV.replace(/^Receive /, '')}.`;
    expect(await screen.findByText(said)).toHaveAttribute('role', 'status');
    expect(mocks.callFunction).toHaveBeenCalledWith('unsubscribe', { body: { token: TOKEN } });
    expect(screen.getByRole('link', { name: 'Profile settings' })).toHaveAttribute('href', '/profile-settings');
  });

  it('says all marketing mail stops for the "all" choice', async () => {
    mocks.callFunction.mockResolvedValue({ reached: true, status: 200, body: { email: 'ada@example.com', choice: 'all' } });
    openWith(`?token=${TOKEN}`);
    expect(await screen.findByText(UNSUBSCRIBE_TEXTS.done('ada@example.com', 'all'))).toHaveAttribute('role', 'status');
  });

  it.each([
    [403, 'This link is not valid.'],
    [410, 'This link has expired. Change your choices in Profile settings.'],
  ])('a refusal (%i) is said in the function’s words', async (status, message) => {
    mocks.callFunction.mockResolvedValue({ reached: true, status, body: { statusCode: status, error: { message } } });
    openWith(`?token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('an expired link is explained even when the function gives no words', async () => {
    mocks.callFunction.mockResolvedValue({ reached: true, status: 410, body: null });
    openWith(`?token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(UNSUBSCRIBE_TEXTS.expired);
  });

  it('a link without its token sends nothing', async () => {
    openWith('');
    expect(await screen.findByRole('alert')).toHaveTextContent(UNSUBSCRIBE_TEXTS.missingToken);
    expect(mocks.callFunction).not.toHaveBeenCalled();
  });

  it('says when the service cannot be reached', async () => {
    mocks.callFunction.mockResolvedValue({ reached: false, reason: 'unreachable' });
    openWith(`?token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(UNSUBSCRIBE_TEXTS.unreachable);
  });
});
