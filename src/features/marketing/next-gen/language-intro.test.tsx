import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NEXT_GEN_INTROS } from '../content/next-gen-intros';
import { LanguageIntro } from './language-intro';

describe('LanguageIntro', () => {
  it('starts in English with only the English button pressed', () => {
    render(<LanguageIntro intros={NEXT_GEN_INTROS} />);
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Español' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('heading', { name: 'Products for the next generation' }).parentElement).toHaveAttribute('lang', 'en');
  });

  it('switches the copy and its lang attribute when another language is chosen', async () => {
    const user = userEvent.setup();
    render(<LanguageIntro intros={NEXT_GEN_INTROS} />);
    await user.click(screen.getByRole('button', { name: 'Français' }));
    const heading = screen.getByRole('heading', { name: 'Des produits pour la prochaine génération' });
    expect(heading.parentElement).toHaveAttribute('lang', 'fr');
    expect(screen.queryByText('Products for the next generation')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Français' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'false');

    await user.click(screen.getByRole('button', { name: '中文' }));
    expect(screen.getByRole('heading', { name: '为下一代打造的产品' }).parentElement).toHaveAttribute('lang', 'zh');
  });

  it('labels each button in its own language', () => {
    render(<LanguageIntro intros={NEXT_GEN_INTROS} />);
    expect(screen.getByRole('button', { name: 'Español' })).toHaveAttribute('lang', 'es');
    expect(screen.getByRole('button', { name: '中文' })).toHaveAttribute('lang', 'zh');
  });
});
