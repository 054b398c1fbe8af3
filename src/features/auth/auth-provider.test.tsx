import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from 'firebase/auth';
import { FirebaseSetupError } from '@/firebase/clients';
import { watchUser } from './auth-api';
import { useAuth } from './auth-context';
import { AuthProvider } from './auth-provider';
import { STORED_USER_ID_KEY } from './stored-user-id';

vi.mock('./auth-api', () => ({ watchUser: vi.fn(), signOutUser: vi.fn(async () => {}) }));

function Probe() {
  const { user, ready } = useAuth();
  return <p>{ready ? `ready:${user?.uid ?? 'nobody'}` : 'waiting'}</p>;
}

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
});

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
});
