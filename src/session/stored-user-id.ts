/**
 * The signed-in user's id kept in localStorage (docs/product.md#customer-area: sign-out "removes the stored user
 * id"). The auth provider keeps it in step with Firebase Auth. It is only a hint for what to show
 * before Auth has loaded (docs/decisions/0083-session-hint.md); nothing trusts it for access.
 */
export const STORED_USER_ID_KEY = 'currentUserId';

/** Set on <html> while the hint says someone is signed in, so CSS can show the signed-in header
 *  before any script has run. index.html sets it first (its inline script reads the same key). */
export const SESSION_ATTRIBUTE = 'data-session';
export const SESSION_HINTED = 'hint';

const listeners = new Set<() => void>();

export function readStoredUserId(): string | null {
  try {
    return localStorage.getItem(STORED_USER_ID_KEY);
  } catch {
    return null;
  }
}

function reflect(uid: string | null): void {
  if (uid) document.documentElement.setAttribute(SESSION_ATTRIBUTE, SESSION_HINTED);
  else document.documentElement.removeAttribute(SESSION_ATTRIBUTE);
  listeners.forEach((listener) => listener());
}

/** Set when Auth ended a session the stored user id said was there (a stale hint, a revoked or
 *  expired session), not by the person's own Sign out: the customer area then says "Inactive
 *  Session"; anyone else is a visitor, who is asked to sign in
 *  (docs/decisions/0122-half-made-accounts-and-visitor-words.md). Lives as long as the page. */
let sessionEnded = false;

export function noteSessionEnded(): void {
  sessionEnded = true;
}

/** Whether a session ended without the person signing out, or the stored user id still says one
 *  is there (Auth has not answered yet). */
export function hadSession(): boolean {
  return sessionEnded || readStoredUserId() !== null;
}

export function storeUserId(uid: string | null): void {
  if (uid) sessionEnded = false;
  try {
    if (uid) localStorage.setItem(STORED_USER_ID_KEY, uid);
    else localStorage.removeItem(STORED_USER_ID_KEY);
  } catch {
    // Storage can be unavailable (private modes, quotas); the session itself still works.
  }
  reflect(uid);
}

// Another tab signed in or out: its change arrives as a storage event.
function onStorage(event: StorageEvent): void {
  if (event.key === STORED_USER_ID_KEY || event.key === null) reflect(readStoredUserId());
}

/** Calls back when the hint changes, here or in another tab of the site. */
export function subscribeStoredUserId(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}
