import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AuthContext, type AuthState } from '@/session/auth-context';
import { expectDecorativeIcons } from '@/ui/icons.testing';
import PaymentMethodsPage from './payment-methods-page';

const renderPage = (page: React.ReactNode) => render(<MemoryRouter>{page}</MemoryRouter>);

function card(title: string) {
  return screen.getByRole('heading', { level: 2, name: title }).closest('article')!;
}

// The dashboard's tests are in dashboard-page.test.tsx.
describe('Payment methods', () => {
  const signedOut: AuthState = { user: null, ready: true, signingOut: false, signOut: async () => {} };

  it('offers Add card (the billing portal) and shows Connect Bank as a coming feature, with nothing to click', () => {
    renderPage(
      <AuthContext.Provider value={signedOut}>
        <PaymentMethodsPage />
      </AuthContext.Provider>,
    );
    expect(within(card('Add card')).getByRole('button', { name: 'Add card' })).toBeEnabled();
    expect(within(card('Add card')).queryByText('Feature Coming V.1.0.4')).not.toBeInTheDocument();
    const bank = card('Connect Bank');
    expect(within(bank).getByText('Feature Coming V.1.0.4')).toBeInTheDocument();
    expect(within(bank).queryByRole('link')).not.toBeInTheDocument();
    expect(within(bank).queryByRole('button')).not.toBeInTheDocument();
  });
  it('draws each card’s icon as an SVG hidden from screen readers, not a Unicode symbol', () => {
    renderPage(
      <AuthContext.Provider value={signedOut}>
        <PaymentMethodsPage />
      </AuthContext.Provider>,
    );
    for (const title of ['Add card', 'Connect Bank']) expect(expectDecorativeIcons(card(title))).toHaveLength(1);
  });
});
