import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SkillBars } from './skill-bars';

describe('SkillBars', () => {
  it('exposes each skill as a named progress bar with its value', () => {
    render(
      <SkillBars
        skills={[
          { name: 'TypeScript', percent: 95 },
          { name: 'Go', percent: 40 },
        ]}
      />,
    );
    const bars = screen.getAllByRole('progressbar');
    expect(bars).toHaveLength(2);
    const ts = screen.getByRole('progressbar', { name: 'TypeScript' });
    expect(ts).toHaveAttribute('aria-valuenow', '95');
    expect(ts).toHaveAttribute('aria-valuemin', '0');
    expect(ts).toHaveAttribute('aria-valuemax', '100');
    expect(screen.getByRole('progressbar', { name: 'Go' })).toHaveAttribute('aria-valuenow', '40');
    // The percentage is visible too.
    expect(screen.getByText('95%')).toBeVisible();
  });
});
