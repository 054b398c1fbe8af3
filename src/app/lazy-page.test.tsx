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

  describe('when the re-import fails too (a browser that keeps failed modules, or a new deployment)', () => {
    const failing = () =>
      vi.fn<() => Promise<typeof loaded>>().mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    const recovery = (reachable: boolean) => ({ serverReachable: vi.fn(async () => reachable), reload: vi.fn() });

    it('reloads the address once the server answers, and never before Retry is pressed', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const rescue = recovery(true);
      const Page = lazyPage(failing(), PAGE_CHUNK_TIMEOUT_MS, rescue);
      render(<Page />);

      expect(await screen.findByRole('alert')).toHaveTextContent('This page didn’t load');
      expect(rescue.reload).not.toHaveBeenCalled();
      await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

      await vi.waitFor(() => expect(rescue.reload).toHaveBeenCalledTimes(1));
      // Until the new document arrives the page shows it is loading, not the failure again.
      expect(screen.getByRole('status')).toHaveTextContent('Loading page…');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it('keeps the message (and does not reload) while the server cannot be reached', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const rescue = recovery(false);
      const load = failing();
      const Page = lazyPage(load, PAGE_CHUNK_TIMEOUT_MS, rescue);
      render(<Page />);

      await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
      await vi.waitFor(() => expect(rescue.serverReachable).toHaveBeenCalledTimes(1));
      expect(await screen.findByRole('alert')).toHaveTextContent('This page didn’t load');
      expect(rescue.reload).not.toHaveBeenCalled();

      load.mockResolvedValue(loaded);
      await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
      expect(await screen.findByRole('heading', { name: 'Hello page' })).toBeInTheDocument();
      expect(rescue.reload).not.toHaveBeenCalled();
    });
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
