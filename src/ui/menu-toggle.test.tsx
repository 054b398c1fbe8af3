import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectDecorativeIcons } from '@/ui/icons.testing';
import { MenuToggle } from './menu-toggle';

const renderToggle = (expanded: boolean, openLabel?: string) =>
  render(<MenuToggle expanded={expanded} controls="menu" openLabel={openLabel} onClick={() => {}} />);

describe('MenuToggle', () => {
  it('is named "Menu" by its words while closed; its burger icon is hidden from screen readers', () => {
    renderToggle(false);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(expectDecorativeIcons(toggle)[0]).toHaveClass('lucide-menu');
  });

  it('says "Close menu" beside an X while open, or keeps "Menu" when an overlay does the closing', () => {
    const { unmount } = renderToggle(true);
    expect(expectDecorativeIcons(screen.getByRole('button', { name: 'Close menu' }))[0]).toHaveClass('lucide-x');
    unmount();
    renderToggle(true, 'Menu');
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'true');
  });
});
