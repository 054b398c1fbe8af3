import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListToolbar, SEARCH_DEBOUNCE_MS, showingText } from './list-controls';
import type { ListParams } from './list-params';

type S = 'new' | 'answered';
const STATUSES: readonly S[] = ['new', 'answered'];

function params(overrides: Partial<ListParams<S>> = {}): ListParams<S> {
  return { status: null, search: '', sort: 'newest', setStatus: vi.fn(), setSearch: vi.fn(), setSort: vi.fn(), ...overrides };
}

const toolbar = (given: ListParams<S>) => (
  <ListToolbar
    legend="Show inquiries"
    params={given}
    statuses={STATUSES}
    words={{ new: 'New', answered: 'Answered' }}
    counts={{ new: 1200, answered: 34 }}
  />
);

describe('showingText', () => {
  it('says the range shown and of how many, with thousands separated', () => {
    expect(showingText(2, 25, 25, 1234)).toBe('Showing 26–50 of 1,234');
    expect(showingText(1, 25, 7, 7)).toBe('Showing 1–7 of 7');
    // A search has no count; a counter behind the records never says fewer than are shown.
    expect(showingText(3, 25, 4, null)).toBe('Showing 51–54');
    expect(showingText(1, 25, 3, 2)).toBe('Showing 1–3 of 3');
  });
});

describe('ListToolbar', () => {
  afterEach(() => vi.useRealTimers());

  it('a list without states (the customers) shows its search and order, and no filter', () => {
    render(<ListToolbar<never> legend="Show customers" params={{ ...params(), status: null }} statuses={[]} words={{}} counts={{}} />);
    expect(screen.getByRole('searchbox', { name: 'Search by name or email' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Order' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Show customers' })).not.toBeInTheDocument();
  });

  it('searches once typing pauses, keeps what was typed, and Escape clears it at once', () => {
    vi.useFakeTimers();
    const given = params();
    render(toolbar(given));
    const box = screen.getByRole('searchbox', { name: 'Search by name or email' });
    fireEvent.change(box, { target: { value: 'Zo' } });
    fireEvent.change(box, { target: { value: 'Zoë' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(given.setSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(given.setSearch).toHaveBeenCalledExactlyOnceWith('Zoë');
    expect(box).toHaveValue('Zoë');

    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box).toHaveValue('');
    expect(given.setSearch).toHaveBeenLastCalledWith('');
  });

  it('shows each state’s count and All as their sum, and filters by the state pressed', () => {
    const given = params({ status: 'answered' });
    render(toolbar(given));
    expect(screen.getByRole('button', { name: 'All (1234)' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Answered (34)' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'New (1200)' }));
    expect(given.setStatus).toHaveBeenCalledExactlyOnceWith('new');
    fireEvent.click(screen.getByRole('button', { name: 'All (1234)' }));
    expect(given.setStatus).toHaveBeenLastCalledWith(null);
  });

  it('orders by the choice, and while searching says the matches are A–Z', () => {
    const given = params();
    const { rerender } = render(toolbar(given));
    const order = screen.getByRole('combobox', { name: 'Order' });
    fireEvent.change(order, { target: { value: 'oldest' } });
    expect(given.setSort).toHaveBeenCalledExactlyOnceWith('oldest');
    rerender(toolbar(params({ search: 'zoe' })));
    expect(order).toHaveValue('name');
    expect(order).toHaveAccessibleDescription('A search lists its matches A–Z.');
    expect(screen.getByRole('option', { name: 'Newest first' })).toBeDisabled();
    // The box shows the address's search after Back.
    expect(screen.getByRole('searchbox')).toHaveValue('zoe');
  });
});
