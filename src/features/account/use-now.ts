import { useEffect, useState } from 'react';

const HOUR_MS = 60 * 60 * 1000;

/** The time, ms since the epoch, read when the component mounts and again every `everyMs`: enough
 *  for what turns on a date (a term's last 30 days, a notice whose date has passed) on a page
 *  left open. */
export function useNow(everyMs = HOUR_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
