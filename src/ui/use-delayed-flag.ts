import { useEffect, useState } from 'react';

/** True once `active` has stayed true for `delayMs` without a break; false again as soon as it
 *  turns false. For messages that would only be noise if shown at once ("still waiting…"). */
export function useDelayedFlag(active: boolean, delayMs: number): boolean {
  const [elapsed, setElapsed] = useState(false);

  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setElapsed(true), delayMs);
    return () => {
      clearTimeout(timer);
      setElapsed(false);
    };
  }, [active, delayMs]);

  return active && elapsed;
}
