import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_CHUNK_TIMEOUT_MS } from '@/config/layout';
import { lazyPage } from './lazy-page';

const HelloPage = () => <h1>Hello page</h1>;
const loaded = { default: HelloPage };

describe('lazyPage', () => {
  afterEach(() => vi.useRealTimers());

  it('shows a spinner while the chunk loads, then the page', async () => {
    let resolve!: (m: typeof loaded) => void;
    const Page = lazyPage(() => new Promise((r) => (resolve = r)));
    render(<Page />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading page…');
    await act(async () => resolve(loaded));
    expect(await screen.findByRole('heading', { name: 'Hello page' })).toBeInTheDocument();
  });

  it('shows a message with Retry when the chunk fails, and recovers on Retry', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<typeof loaded>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(loaded);
    const Page = lazyPage(load);
    render(<Page />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This page didn’t load');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { name: 'Hello page' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('gives up waiting after the 120-second time-out', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Page = lazyPage(() => new Promise(() => {}));
    render(<Page />);

    await act(async () => vi.advanceTimersByTime(PAGE_CHUNK_TIMEOUT_MS - 1000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('alert')).toHaveTextContent('This page didn’t load');
  });

  it('tells a crash inside a page apart from a failed download', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = () => {
      throw new Error('boom');
    };
    const Page = lazyPage(async () => ({ default: Broken }));
    render(<Page />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on this page');
  });
});
