/**
 * A time in a console list as people say it ("3 hours ago"), with the exact date, time and zone for
 * whoever needs it: on hover (title), shown beside it while the keyboard is anywhere in its row (a
 * paged list's rows: lists.module.scss), and read out by screen readers, which hear both. Every time
 * shown moves on once a minute, from one clock for the page.
 */
import { useSyncExternalStore } from 'react';
import styles from './lists.module.scss';

const MINUTE = 60_000;

// One timer however many times a page shows: they all move on together.
const clock = {
  now: Date.now(),
  listeners: new Set<() => void>(),
  timer: undefined as ReturnType<typeof setInterval> | undefined,
};

function subscribe(listener: () => void): () => void {
  clock.listeners.add(listener);
  clock.now = Date.now();
  clock.timer ??= setInterval(() => {
    clock.now = Date.now();
    for (const each of clock.listeners) each();
  }, MINUTE);
  return () => {
    clock.listeners.delete(listener);
    if (clock.listeners.size > 0) return;
    clearInterval(clock.timer);
    clock.timer = undefined;
  };
}

/** Now, to the minute the page last moved on. */
export const useMinuteClock = (): number =>
  useSyncExternalStore(
    subscribe,
    () => clock.now,
    () => clock.now,
  );

// The site speaks US English (prices, dates) everywhere else.
const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const exact = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

const STEPS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 30 / 7],
  ['month', 12],
  ['year', Infinity],
];

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago", counted from `now`. A time ahead of
 *  the reader's clock (a clock set wrong) within a minute is "just now" too. */
export function relativeTimeText(at: number, now: number): string {
  let amount = (at - now) / MINUTE;
  if (Math.abs(amount) < 1) return 'just now';
  for (const [unit, perNext] of STEPS) {
    if (Math.abs(amount) < perNext) return relative.format(Math.trunc(amount), unit);
    amount /= perNext;
  }
  return relative.format(Math.trunc(amount), 'year');
}

/** "Nov 29, 2026, 3:04 PM UTC", in the reader's time zone, named. */
export const exactTimeText = (at: number): string => exact.format(at);

export function RelativeTime({ at }: { at: number }) {
  const now = useMinuteClock();
  const full = exactTimeText(at);
  return (
    <span className={styles.when}>
      <time dateTime={new Date(at).toISOString()} title={full} className={styles.whenText}>
        {relativeTimeText(at, now)}
        <span className="visually-hidden"> ({full})</span>
      </time>
      <span className={styles.whenExact} aria-hidden="true">
        {full}
      </span>
    </span>
  );
}
