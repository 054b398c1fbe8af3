import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { CASE_STUDIES, EXTERNAL_SHOWCASE } from './case-studies';
import CaseStudiesPage from './case-studies-page';

describe('CaseStudiesPage', () => {
  it('shows a card per study linking to its page, then the external card', () => {
    render(
      <MemoryRouter>
        <CaseStudiesPage />
      </MemoryRouter>,
    );
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(CASE_STUDIES.length + 1);

    CASE_STUDIES.forEach((study, index) => {
      const card = within(cards[index]!);
      expect(card.getByRole('heading', { level: 2 })).toHaveTextContent(study.name);
      expect(card.getByText(study.summary)).toBeInTheDocument();
      expect(card.getByRole('link', { name: /^View Details/ })).toHaveAttribute('href', paths.caseStudy(study.slug));
    });

    const external = within(cards.at(-1)!);
    expect(external.getByRole('heading', { level: 2 })).toHaveTextContent(EXTERNAL_SHOWCASE.name);
    const link = external.getByRole('link', { name: /opens in a new tab/ });
    expect(link).toHaveAttribute('href', EXTERNAL_SHOWCASE.href);
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('draws the links’ arrows as hidden SVG icons, not "→" and "↗" characters', () => {
    render(
      <MemoryRouter>
        <CaseStudiesPage />
      </MemoryRouter>,
    );
    const links = [...screen.getAllByRole('link', { name: /^View Details/ }), screen.getByRole('link', { name: /opens in a new tab/ })];
    for (const link of links) {
      expect(link.textContent).not.toMatch(/[→↗]/);
      const icon = link.querySelector('svg');
      expect(icon).not.toBeNull();
      expect(icon).toHaveAttribute('aria-hidden', 'true');
    }
  });
});
