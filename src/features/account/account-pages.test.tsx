import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { BRAND } from '@/config/brand';
import { externalLinks } from '@/config/external-links';
import { paths } from '@/config/paths';
import DashboardPage from './dashboard-page';
import { AuthContext, type AuthState } from '@/features/auth/auth-context';
import PaymentMethodsPage from './payment-methods-page';

const renderPage = (page: React.ReactNode) => render(<MemoryRouter>{page}</MemoryRouter>);

function card(title: string) {
  return screen.getByRole('heading', { level: 2, name: title }).closest('article')!;
}

describe('Dashboard', () => {
  it('has the three cards of the spec, each leading where it should', () => {
    renderPage(<DashboardPage />);
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(within(card(`Order a ${BRAND.name} solution`)).getByRole('link')).toHaveAttribute('href', paths.store);
    const specialist = within(card('Reserve a Specialist')).getByRole('link');
    expect(specialist).toHaveAttribute('href', externalLinks.scheduling);
    expect(specialist).toHaveAttribute('target', '_blank');
    expect(specialist).toHaveAccessibleName('Book a time (opens in a new tab)');
    expect(within(card('Third Party? (Check Trade In Value)')).getByRole('link')).toHaveAttribute('href', paths.contact);
  });
});

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
});
