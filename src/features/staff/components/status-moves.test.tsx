import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StatusMoves } from './status-moves';

const ADA = { name: 'Ada', email: 'ada@example.com' };

describe('StatusMoves', () => {
  it('offers each state an inquiry may move to next, named with who sent it, and moves it', async () => {
    const onMove = vi.fn();
    render(<StatusMoves kind="contact" entry={{ ...ADA, status: 'new' }} busy={null} onMove={onMove} />);
    const names = screen.getAllByRole('button').map((button) => button.textContent);
    expect(names).toEqual(['Mark answered: Ada', 'Archive: Ada']);
    await userEvent.click(screen.getByRole('button', { name: 'Archive: Ada' }));
    expect(onMove).toHaveBeenCalledExactlyOnceWith('archived');
  });

  it('a finished entry can be reopened', () => {
    render(<StatusMoves kind="waitlist" entry={{ ...ADA, status: 'archived' }} busy={null} onMove={vi.fn()} />);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Reopen: Ada']);
  });

  it('while one move is under way, no button takes a second', async () => {
    const onMove = vi.fn();
    render(<StatusMoves kind="waitlist" entry={{ ...ADA, status: 'new' }} busy="contacted" onMove={onMove} />);
    for (const button of screen.getAllByRole('button')) expect(button).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Mark contacted: Ada' })).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Archive: Ada' }));
    expect(onMove).not.toHaveBeenCalled();
  });
});
