import { render, screen } from '@testing-library/react';
import { CreditCard } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { expectDecorativeIcons } from '@/ui/icons.testing';
import { AccountCard } from './account-card';

describe('AccountCard', () => {
  it('draws its icon as a lucide SVG hidden from screen readers, so the title alone names the card', () => {
    render(<AccountCard icon={CreditCard} title="Add card" description="Save a card." action={{ kind: 'coming' }} />);
    const card = screen.getByRole('article');
    const [icon] = expectDecorativeIcons(card);
    expect(icon).toHaveClass('lucide-credit-card');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(/^Add card$/);
  });
});
