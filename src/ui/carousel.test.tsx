import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectDecorativeIcons } from '@/ui/icons.testing';
import { AUTOPLAY_MS, Carousel, MIN_SWIPE_PX, touchThresholdFor } from './carousel';
import { prefersReducedMotion } from './use-reduced-motion.testing';

function renderCarousel() {
  render(
    <Carousel label="From the launch">
      <p>Orbit</p>
      <p>Title card</p>
      <p>Constellation</p>
    </Carousel>,
  );
  return screen.getByRole('region', { name: 'From the launch' });
}

/** The names of the slides assistive technology can reach: only the one on screen. */
const shownSlides = () => screen.getAllByRole('group').map((slide) => slide.getAttribute('aria-label'));

/** Lets `ms` of fake time pass a millisecond at a time, so React commits (and restarts the
 *  autoplay timer) exactly when a browser would rather than at the end of one long act(). */
async function wait(ms: number) {
  for (let i = 0; i < ms; i += 1) await act(() => vi.advanceTimersByTime(1));
}
/** react-slick moves one timer tick after it is asked to. */
const settle = () => wait(1);

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('Carousel', () => {
  it('names its buttons in words and draws their icons as hidden SVGs', () => {
    const region = renderCarousel();
    for (const name of ['Pause slide show', 'Previous slide', 'Next slide']) {
      expectDecorativeIcons(within(region).getByRole('button', { name }));
    }
  });

  it('is a labelled carousel region whose slides say "n of N"', () => {
    const region = renderCarousel();
    expect(region).toHaveAttribute('aria-roledescription', 'carousel');
    expect(shownSlides()).toEqual(['1 of 3']);
    expect(screen.getByRole('group', { name: '1 of 3' })).toHaveAttribute('aria-roledescription', 'slide');
    expect(screen.getByText('Slide 1 of 3')).toBeInTheDocument();
  });

  it(`moves on by itself after ${AUTOPLAY_MS} ms, and not before`, async () => {
    renderCarousel();
    await wait(AUTOPLAY_MS - 1);
    expect(shownSlides()).toEqual(['1 of 3']);
    await wait(1);
    await settle();
    expect(shownSlides()).toEqual(['2 of 3']);
    expect(screen.getByText('Slide 2 of 3')).toBeInTheDocument();
    await wait((AUTOPLAY_MS + 1) * 2);
    expect(shownSlides()).toEqual(['1 of 3']); // wrapped round from the last slide
  });

  it('pauses while the pointer is over it', async () => {
    const region = renderCarousel();
    fireEvent.mouseEnter(region);
    await wait(AUTOPLAY_MS * 3);
    expect(shownSlides()).toEqual(['1 of 3']);
    fireEvent.mouseLeave(region);
    await wait(AUTOPLAY_MS + 1);
    expect(shownSlides()).toEqual(['2 of 3']);
  });

  it('pauses while focus is inside it', async () => {
    renderCarousel();
    const next = screen.getByRole('button', { name: 'Next slide' });
    act(() => next.focus());
    await wait(AUTOPLAY_MS * 3);
    expect(shownSlides()).toEqual(['1 of 3']);
    act(() => next.blur());
    await wait(AUTOPLAY_MS + 1);
    expect(shownSlides()).toEqual(['2 of 3']);
  });

  it('moves with the arrow keys and the Previous / Next buttons', async () => {
    renderCarousel();
    const next = screen.getByRole('button', { name: 'Next slide' });
    fireEvent.keyDown(next, { key: 'ArrowRight' });
    await settle();
    expect(shownSlides()).toEqual(['2 of 3']);
    fireEvent.keyDown(next, { key: 'ArrowLeft' });
    await settle();
    expect(shownSlides()).toEqual(['1 of 3']);
    fireEvent.keyDown(next, { key: 'ArrowLeft' });
    await settle();
    expect(shownSlides()).toEqual(['3 of 3']);
    fireEvent.click(next);
    await settle();
    expect(shownSlides()).toEqual(['1 of 3']);
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    await settle();
    expect(shownSlides()).toEqual(['3 of 3']);
  });

  it('stops with Pause and starts again with Play', async () => {
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Pause slide show' }));
    await wait(AUTOPLAY_MS * 3);
    expect(shownSlides()).toEqual(['1 of 3']);
    fireEvent.click(screen.getByRole('button', { name: 'Play slide show' }));
    await wait(AUTOPLAY_MS + 1);
    expect(shownSlides()).toEqual(['2 of 3']);
  });

  it('does not play by itself when the visitor prefers reduced motion', async () => {
    prefersReducedMotion();
    renderCarousel();
    await wait(AUTOPLAY_MS * 3);
    expect(shownSlides()).toEqual(['1 of 3']);
    expect(screen.getByRole('button', { name: 'Play slide show' })).toBeInTheDocument();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Next slide' }), { key: 'ArrowRight' });
    await settle();
    expect(shownSlides()).toEqual(['2 of 3']);
  });

  it(`moves on a swipe of ${MIN_SWIPE_PX} px but not on one of 30 px`, async () => {
    // jsdom has no layout: give every box the width of a phone-sized carousel.
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(343);
    const region = renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Pause slide show' }));
    const list = region.querySelector('.slick-list')!;
    const swipe = async (from: number, to: number) => {
      fireEvent.mouseDown(list, { clientX: from, clientY: 100 });
      fireEvent.mouseMove(list, { clientX: (from + to) / 2, clientY: 100 });
      fireEvent.mouseMove(list, { clientX: to, clientY: 100 });
      fireEvent.mouseUp(list, { clientX: to, clientY: 100 });
      await wait(1000);
    };
    await swipe(300, 270);
    expect(shownSlides()).toEqual(['1 of 3']);
    await swipe(300, 300 - MIN_SWIPE_PX);
    expect(shownSlides()).toEqual(['2 of 3']);
    await swipe(100, 100 + MIN_SWIPE_PX);
    expect(shownSlides()).toEqual(['1 of 3']);
  });
});

describe('touchThresholdFor', () => {
  it.each([320, 343, 700, 1152])('puts the swipe limit of a %i px list between 39 and 40 px', (width) => {
    const limit = width / touchThresholdFor(width);
    expect(MIN_SWIPE_PX).toBeGreaterThan(limit);
    expect(MIN_SWIPE_PX - 1).toBeLessThan(limit);
  });

  it('falls back to react-slick’s default before layout', () => {
    expect(touchThresholdFor(0)).toBe(5);
  });
});
