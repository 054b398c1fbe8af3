/** The client-side limit on "Resend verification email": one email a minute per account, counted
 *  across reloads of the tab (sessionStorage), so a double click or an impatient reload does not
 *  send a pile of emails or run into Firebase's own quota. */
import { useCallback, useEffect, useState } from 'react';

export const RESEND_COOLDOWN_MS = 60_000;

const storageKey = (uid: string) => `leopard:verification-email-sent:${uid}`;

/** When the last email was sent from this tab, or null. Storage may be unavailable (private
 *  modes, blocked cookies): then the limit holds for as long as the page is open. */
export function readLastSent(uid: string): number | null {
  try {
    const value = Number(window.sessionStorage.getItem(storageKey(uid)));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

function rememberSent(uid: string, at: number): void {
  try {
    window.sessionStorage.setItem(storageKey(uid), String(at));
  } catch {
    // Kept in memory only.
  }
}

/** Whole seconds until another email may be sent (0: now). */
export function secondsLeft(lastSent: number | null, now: number): number {
  if (lastSent === null) return 0;
  return Math.max(0, Math.ceil((lastSent + RESEND_COOLDOWN_MS - now) / 1000));
}

/** The seconds left (updated every second while waiting) and `start()`, to call once sent. */
export function useResendCooldown(uid: string): { secondsLeft: number; start: () => void } {
  const [lastSent, setLastSent] = useState(() => readLastSent(uid));
  const [now, setNow] = useState(() => Date.now());
  const left = secondsLeft(lastSent, now);
  const waiting = left > 0;

  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [waiting]);

  const start = useCallback(() => {
    const at = Date.now();
    rememberSent(uid, at);
    setLastSent(at);
    setNow(at);
  }, [uid]);

  return { secondsLeft: left, start };
}
