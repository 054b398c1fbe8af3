import { render, screen, within } from '@testing-library/react';
import type { User } from 'firebase/auth';
import { describe, expect, it } from 'vitest';
import { AuthContext, type AuthState } from '@/session/auth-context';
import { expectDecorativeIcons } from '@/ui/icons.testing';
import DevPanelPage from './dev-panel-page';

function renderWith(state: Partial<AuthState>) {
  const value: AuthState = { user: null, ready: true, signingOut: false, signOut: async () => {}, ...state };
  return render(
    <AuthContext.Provider value={value}>
      <DevPanelPage />
    </AuthContext.Provider>,
  );
}

const userWith = (emailVerified: boolean) => ({ uid: 'u1', emailVerified }) as User;

describe('Dev Panel', () => {
  it('shows a spinner until the auth state is known', () => {
    renderWith({ ready: false });
    expect(screen.getByRole('status')).toHaveTextContent('Loading your Dev Panel…');
    expect(screen.queryByRole('heading', { name: 'Live View' })).not.toBeInTheDocument();
  });

  it('warns an unverified customer, without blocking the panel', () => {
    renderWith({ user: userWith(false) });
    expect(screen.getByRole('alert')).toHaveTextContent('Warning! Please verify your email');
    expect(screen.getByRole('heading', { name: 'Live View' })).toBeInTheDocument();
  });

  it('shows no warning once the email is verified', () => {
    renderWith({ user: userWith(true) });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('marks Live View and Dev Box as coming in V.1.0.4', () => {
    renderWith({ user: userWith(true) });
    for (const name of ['Live View', 'Dev Box']) {
      const card = screen.getByRole('heading', { name }).closest('article')!;
      expect(within(card).getByText('Feature Coming V.1.0.4')).toBeInTheDocument();
    }
  });
  it('draws each card’s icon as an SVG hidden from screen readers, not a Unicode symbol', () => {
    renderWith({ user: userWith(true) });
    for (const card of screen.getAllByRole('article')) expect(expectDecorativeIcons(card)).toHaveLength(1);
  });
});
