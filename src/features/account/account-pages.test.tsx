import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { BRAND } from '@/config/brand';
import { externalLinks } from '@/config/external-links';
import { paths } from '@/config/paths';
import DashboardPage from './dashboard-page';
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
  it('shows Add card and Connect Bank as coming features, with nothing to click', () => {
    renderPage(<PaymentMethodsPage />);
    for (const title of ['Add card', 'Connect Bank']) {
      const article = card(title);
      expect(within(article).getByText('Feature Coming V.1.0.4')).toBeInTheDocument();
      expect(within(article).queryByRole('link')).not.toBeInTheDocument();
      expect(within(article).queryByRole('button')).not.toBeInTheDocument();
    }
  });
});
