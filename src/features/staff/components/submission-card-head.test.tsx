import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailFact, SubmissionCardHead } from './submission-card-head';

/** A pre-order's card head and email fact, as the programmes page places them. */
function renderCard(entry: { status: 'pending' | 'approved'; name: string; email: string }) {
  render(
    <article aria-labelledby="t">
      <SubmissionCardHead kind="preorder" entry={entry} titleId="t" />
      <dl>
        <EmailFact email={entry.email} />
      </dl>
    </article>,
  );
}

describe('SubmissionCardHead and EmailFact', () => {
  it('name the card after the person, show its state, and link their email', () => {
    renderCard({ status: 'approved', name: 'Ada', email: 'ada@example.com' });
    expect(screen.getByRole('article', { name: 'Ada' })).toBeInTheDocument();
    expect(screen.getByText('Approved')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ada@example.com' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:ada@example\.com/),
    );
  });

  it('say so when the person gave no name or email', () => {
    renderCard({ status: 'pending', name: '', email: '' });
    expect(screen.getByRole('article', { name: 'No name given' })).toBeInTheDocument();
    expect(screen.getByRole('definition')).toHaveTextContent('—');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
