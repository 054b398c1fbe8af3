import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { externalLinks } from '@/config/external-links';
import { CASE_STUDY_SLUGS, paths } from '@/config/paths';
import { CASE_STUDIES, RATING_SCALE } from './case-studies';
import CaseStudyPage from './case-study-page';
import { caseStudyTitle } from './case-study-titles';

function renderAt(slug: string) {
  return render(
    <MemoryRouter initialEntries={[paths.caseStudy(slug)]}>
      <Routes>
        <Route path={paths.caseStudy(':slug')} element={<CaseStudyPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('case-study data', () => {
  it('has exactly one entry per slug of paths.ts, named as the route titles name it', () => {
    expect(CASE_STUDIES.map((study) => study.slug)).toEqual([...CASE_STUDY_SLUGS]);
    for (const study of CASE_STUDIES) expect(study.name).toBe(caseStudyTitle(study.slug));
  });

  it('keeps every rating a number within the stars it is out of', () => {
    for (const metric of CASE_STUDIES.flatMap((study) => study.outcomes)) {
      if ('rating' in metric) expect(metric.rating).toSatisfy((rating: number) => rating >= 0 && rating <= RATING_SCALE);
    }
  });

  it('gives every picture a description and a size', () => {
    for (const study of CASE_STUDIES) {
      const images = [study.cover, ...study.blocks.flatMap((block) => (block.kind === 'image' ? [block.image] : []))];
      expect(images.length).toBeGreaterThanOrEqual(2);
      for (const image of images) {
        expect(image.alt.length).toBeGreaterThan(20);
        expect(image.width).toBeGreaterThan(0);
        expect(image.height).toBeGreaterThan(0);
      }
    }
  });
});

describe('CaseStudyPage', () => {
  it.each(CASE_STUDIES.map((study) => [study.slug, study] as const))('renders %s from its data', (_slug, study) => {
    renderAt(study.slug);

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(study.name);
    expect(screen.getByText(study.topline)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: study.headline })).toBeInTheDocument();
    for (const block of study.blocks) {
      if (block.kind === 'text') {
        expect(screen.getByRole('heading', { level: 2, name: block.heading })).toBeInTheDocument();
        for (const paragraph of block.paragraphs) expect(screen.getByText(paragraph)).toBeInTheDocument();
      }
    }

    const hero = screen.getByRole('img', { name: study.cover.alt });
    expect(hero).toHaveAttribute('src', study.cover.src);
    expect(hero).toHaveAttribute('width', String(study.cover.width));
    expect(hero).toHaveAttribute('height', String(study.cover.height));
    expect(hero).toHaveAttribute('loading', 'eager');
    for (const block of study.blocks) {
      if (block.kind !== 'image') continue;
      const image = screen.getByRole('img', { name: block.image.alt });
      expect(image).toHaveAttribute('loading', 'lazy');
      expect(image).toHaveAttribute('width', String(block.image.width));
      expect(image.closest('figure')).toHaveTextContent(block.caption);
    }

    for (const metric of study.outcomes) expect(screen.getByText(metric.label)).toBeInTheDocument();

    const getStarted = screen.getAllByRole('link', { name: /^Get started/ });
    expect(getStarted.length).toBeGreaterThanOrEqual(2);
    for (const link of getStarted) expect(link).toHaveAttribute('href', paths.contact);
  });

  it('shows a rating as a figure and a star that a screen reader hears as a rating', () => {
    const charm = CASE_STUDIES.find((study) => study.slug === 'charm');
    expect(charm?.outcomes).toContainEqual({ rating: 4.8, label: 'average rating across both app stores' });
    renderAt('charm');
    const item = screen.getByText('average rating across both app stores').closest('li') as HTMLElement;
    const figure = within(item).getByText('4.8');
    expect(figure).toHaveAttribute('aria-hidden', 'true');
    expect(item.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(within(item).getByText('Rated 4.8 out of 5')).toHaveClass('visually-hidden');
    // The star is drawn, not a character that a screen reader names "black star".
    expect(item).not.toHaveTextContent('★');
  });

  it('links VM.Crystalware to its demo site in a new tab, and no other study', () => {
    renderAt('vmcrystalware');
    // jsdom drops the space before the visually hidden note; browsers keep it.
    const demo = screen.getByRole('link', { name: /^View the live demo ?\(opens in a new tab\)$/ });
    expect(demo).toHaveAttribute('href', externalLinks.vmCrystalwareDemo);
    expect(demo).toHaveAttribute('target', '_blank');
    expect(demo).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  it('shows no demo button on a study without a demo', () => {
    renderAt('charm');
    expect(screen.getByRole('heading', { level: 1, name: 'Charm' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /demo/i })).not.toBeInTheDocument();
  });

  it('shows the 404 page for an unknown slug', () => {
    renderAt('no-such-study');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});
