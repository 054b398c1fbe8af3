import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from 'firebase/auth';
import { FirebaseSetupError } from '@/firebase/clients';
import { watchUser } from './session-api';
import { useAuth, useSignedIn } from './auth-context';
import { AuthProvider } from './auth-provider';
import { SESSION_ATTRIBUTE, STORED_USER_ID_KEY } from './stored-user-id';

vi.mock('./session-api', () => ({ watchUser: vi.fn(), signOutUser: vi.fn(async () => {}) }));

function Probe() {
  const { user, ready } = useAuth();
  return <p>{ready ? `ready:${user?.uid ?? 'nobody'}` : 'waiting'}</p>;
}

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  document.documentElement.removeAttribute(SESSION_ATTRIBUTE);
});

/** What the header shows: the hint until Auth answers, then Auth's answer. */
function HeaderProbe() {
  return <p>{useSignedIn() ? 'signed in' : 'visitor'}</p>;
}

describe('AuthProvider', () => {
  it('is not ready until Firebase answers, then keeps the stored user id in step', async () => {
    let emit: (user: User | null) => void = () => {};
    vi.mocked(watchUser).mockImplementation(async (onChange) => {
      emit = onChange;
      return () => {};
    });
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    expect(screen.getByText('waiting')).toBeInTheDocument();
    await vi.waitFor(() => expect(watchUser).toHaveBeenCalled());
    await act(async () => emit({ uid: 'u1' } as User));
    expect(screen.getByText('ready:u1')).toBeInTheDocument();
    expect(localStorage.getItem(STORED_USER_ID_KEY)).toBe('u1');
    await act(async () => emit(null));
    expect(screen.getByText('ready:nobody')).toBeInTheDocument();
    expect(localStorage.getItem(STORED_USER_ID_KEY)).toBeNull();
  });

  it('is ready with nobody signed in when Firebase cannot be set up', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.mocked(watchUser).mockRejectedValue(new FirebaseSetupError());
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    expect(await screen.findByText('ready:nobody')).toBeInTheDocument();
  });

  it('loads no Auth for a visitor: nobody asked and no stored user id', async () => {
    render(
      <AuthProvider>
        <HeaderProbe />
      </AuthProvider>,
    );
    await act(async () => {
      window.dispatchEvent(new Event('pointerdown'));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.getByText('visitor')).toBeInTheDocument();
    expect(watchUser).not.toHaveBeenCalled();
  });

  it('shows the stored user id at once, confirms it with Auth on the first interaction, and corrects it', async () => {
    let emit: (user: User | null) => void = () => {};
    vi.mocked(watchUser).mockImplementation(async (onChange) => {
      emit = onChange;
      return () => {};
    });
    localStorage.setItem(STORED_USER_ID_KEY, 'stale');
    render(
      <AuthProvider>
        <HeaderProbe />
      </AuthProvider>,
    );
    expect(screen.getByText('signed in')).toBeInTheDocument();
    await act(async () => window.dispatchEvent(new Event('keydown')));
    await vi.waitFor(() => expect(watchUser).toHaveBeenCalledTimes(1));
    await act(async () => emit(null));
    expect(screen.getByText('visitor')).toBeInTheDocument();
    expect(localStorage.getItem(STORED_USER_ID_KEY)).toBeNull();
    expect(document.documentElement.hasAttribute(SESSION_ATTRIBUTE)).toBe(false);
  });

  it('follows a sign-in or sign-out in another tab', async () => {
    render(
      <AuthProvider>
        <HeaderProbe />
      </AuthProvider>,
    );
    expect(screen.getByText('visitor')).toBeInTheDocument();
    await act(async () => {
      localStorage.setItem(STORED_USER_ID_KEY, 'u2');
      window.dispatchEvent(new StorageEvent('storage', { key: STORED_USER_ID_KEY, newValue: 'u2' }));
    });
    expect(screen.getByText('signed in')).toBeInTheDocument();
    expect(document.documentElement.getAttribute(SESSION_ATTRIBUTE)).toBe('hint');
  });
});
