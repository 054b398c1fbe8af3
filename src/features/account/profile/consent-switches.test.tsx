import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_LABELS, type Consents } from '@/data/users';
import type { LiveValue } from '@/firebase/use-live-value';
import { ConsentSwitches } from './consent-switches';

const mocks = vi.hoisted(() => ({
  state: { status: 'loading', unreachable: false } as LiveValue<Consents>,
  saveConsent: vi.fn(),
}));
vi.mock('@/firebase/use-live-value', () => ({ useLiveValueOf: () => mocks.state }));
vi.mock('@/firebase/users-api', () => ({ watchConsents: vi.fn(), saveConsent: mocks.saveConsent }));

const announcements = () => screen.getByRole('switch', { name: CONSENT_LABELS.receiveAnnouncements });
const news = () => screen.getByRole('switch', { name: CONSENT_LABELS.receiveAppsMusicTV });

beforeEach(() => {
  vi.clearAllMocks();
  mocks.state = { status: 'ready', unreachable: false, value: { receiveAnnouncements: true, receiveAppsMusicTV: false } };
  mocks.saveConsent.mockResolvedValue(undefined);
});

describe('ConsentSwitches', () => {
  it('shows each stored choice as a labelled switch', () => {
    render(<ConsentSwitches uid="u1" />);
    expect(announcements()).toHaveAttribute('aria-checked', 'true');
    expect(news()).toHaveAttribute('aria-checked', 'false');
  });

  it('cannot be flipped before the stored choices are known', () => {
    mocks.state = { status: 'loading', unreachable: false };
    render(<ConsentSwitches uid="u1" />);
    expect(announcements()).toBeDisabled();
    expect(announcements()).toHaveAttribute('aria-checked', 'false');
  });

  it('saves a flip at once and says so in a status message', async () => {
    let finish!: () => void;
    mocks.saveConsent.mockReturnValue(new Promise<void>((resolve) => (finish = resolve)));
    render(<ConsentSwitches uid="u1" />);
    await userEvent.click(news());
    expect(mocks.saveConsent).toHaveBeenCalledWith('u1', 'receiveAppsMusicTV', true);
    expect(news()).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Saving your choice…');
    finish();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(`Saved: "${CONSENT_LABELS.receiveAppsMusicTV}" is on.`));
  });

  it('works from the keyboard', async () => {
    render(<ConsentSwitches uid="u1" />);
    announcements().focus();
    await userEvent.keyboard(' ');
    expect(mocks.saveConsent).toHaveBeenCalledWith('u1', 'receiveAnnouncements', false);
  });

  it('a refused save puts the switch back and says why', async () => {
    mocks.saveConsent.mockRejectedValue(Object.assign(new Error('PERMISSION_DENIED: Permission denied'), { code: 'PERMISSION_DENIED' }));
    render(<ConsentSwitches uid="u1" />);
    await userEvent.click(announcements());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(`"${CONSENT_LABELS.receiveAnnouncements}" was not changed.`));
    expect(announcements()).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});
