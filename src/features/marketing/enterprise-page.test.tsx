import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import EnterprisePage from './enterprise-page';

describe('enterprise page', () => {
  it("sends both waitlist links to the builder's waitlist, not the open-access one", () => {
    render(
      <MemoryRouter initialEntries={[paths.enterprise]}>
        <EnterprisePage />
      </MemoryRouter>,
    );
    expect(paths.builderWaitlist).toBe('/waitlist?programme=builder');
    for (const name of ['Join the builder waitlist', 'Join the waitlist for early access']) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', paths.builderWaitlist);
    }
  });
});
