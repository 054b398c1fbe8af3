import { act, render, screen } from '@testing-library/react';
import Typed from 'typed.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TypingText } from './typing-text';
import { prefersReducedMotion } from './use-reduced-motion.testing';

const STRINGS = ['Web apps', 'Custom software & SaaS'];

/** The node typed.js writes into (hidden from assistive technology). */
const typedText = (container: HTMLElement) => container.querySelector('[aria-hidden="true"] > :first-child')?.textContent ?? '';

beforeEach(() => {
  // typed.js clears its timeouts with clearInterval, which the browser allows and the fake
  // clock refuses; leave clearInterval real (it is then a harmless no-op on fake ids).
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'Date'] });
});

afterEach(() => {
  vi.useRealTimers();
});

/** What the animated node shows over `ms` of fake time: each change with the time it happened. */
function record(container: HTMLElement, ms: number) {
  const changes = [{ at: 0, text: typedText(container) }];
  for (let at = 10; at <= ms; at += 10) {
    act(() => vi.advanceTimersByTime(10));
    const text = typedText(container);
    if (text !== changes.at(-1)?.text) changes.push({ at, text });
  }
  return changes;
}

/** How long a string stayed whole on screen before its deletion began: typed.js waits one more
 *  keystroke (100–150 ms), the back delay, then a back-space (50–75 ms), give or take a tick. */
function heldFor(changes: { at: number; text: string }[], text: string) {
  const index = changes.findIndex((change) => change.text === text);
  return changes[index + 1]!.at - changes[index]!.at;
}

describe('TypingText', () => {
  it('types each string in turn after a start delay, deletes it and loops', () => {
    const { container } = render(<TypingText strings={STRINGS} />);
    const changes = record(container, 20_000);
    expect(changes[1]!.at).toBeGreaterThan(500); // the start delay
    const texts = changes.map((change) => change.text);
    const first = texts.indexOf('Web apps');
    const second = texts.indexOf('Custom software & SaaS'); // plain text: "&" typed as is
    const again = texts.indexOf('Web apps', second);
    expect(first).toBeGreaterThan(0);
    expect(texts.slice(first, second)).toContain(''); // deleted before the next one
    expect(again).toBeGreaterThan(second); // it loops
    // 8 letters at the 100 ms type speed (typed.js adds up to half again at random).
    const typedAt = changes[first]!.at;
    expect(typedAt).toBeGreaterThanOrEqual(500 + 8 * 100);
    expect(typedAt).toBeLessThanOrEqual(500 + 8 * 150 + 10);
    expect(heldFor(changes, 'Web apps')).toBeGreaterThanOrEqual(500 + 150); // the back delay
    expect(heldFor(changes, 'Web apps')).toBeLessThanOrEqual(500 + 300);
  });

  it('gives screen readers the whole list once, not the animation', () => {
    render(<TypingText strings={STRINGS} />);
    expect(screen.getByText('Web apps, Custom software & SaaS')).toHaveClass('visually-hidden');
    act(() => vi.advanceTimersByTime(500 + 8 * 150));
    // The animated copy and typed.js's cursor sit in a subtree assistive technology skips.
    expect(screen.getByText('Web apps').closest('[aria-hidden="true"]')).not.toBeNull();
    expect(document.querySelector('.typed-cursor')?.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('destroys its typed.js instance on unmount', () => {
    const destroy = vi.spyOn(Typed.prototype, 'destroy');
    const { unmount, container } = render(<TypingText strings={STRINGS} />);
    expect(destroy).not.toHaveBeenCalled();
    unmount();
    expect(destroy).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(5000));
    expect(container.textContent).toBe('');
  });

  it('shows the list as still text, without typed.js, when reduced motion is asked for', () => {
    prefersReducedMotion();
    // begin() is typed.js's first step after construction (not in its type declarations).
    const begin = vi.spyOn(Typed.prototype as unknown as { begin: () => void }, 'begin');
    const { container } = render(<TypingText strings={STRINGS} />);
    expect(container).toHaveTextContent(/^Web apps, Custom software & SaaS$/);
    expect(container.querySelector('[aria-hidden="true"]')).toBeNull();
    act(() => vi.advanceTimersByTime(5000));
    expect(container).toHaveTextContent(/^Web apps, Custom software & SaaS$/);
    expect(begin).not.toHaveBeenCalled();
  });

  it('takes a slower back delay per page', () => {
    const { container } = render(<TypingText strings={STRINGS} backDelay={1500} />);
    const held = heldFor(record(container, 6000), 'Web apps');
    expect(held).toBeGreaterThanOrEqual(1500 + 150);
    expect(held).toBeLessThanOrEqual(1500 + 300);
  });
});
