/**
 * Optional token sync (docs/product.md#calls): when VITE_TOKEN_SYNC_URL is set, the current ID token is
 * POSTed there (Authorization: Bearer <token>) whenever it changes, and DELETEd on sign-out, so a
 * server of ours can keep a session of its own. Failures are logged, never shown.
 */
import { onIdTokenChanged, type Auth } from 'firebase/auth';
import { envValue } from '@/config/env-value';

export function tokenSyncUrl(): string {
  return envValue(import.meta.env.VITE_TOKEN_SYNC_URL) ?? '';
}

async function send(url: string, method: 'POST' | 'DELETE', token: string): Promise<void> {
  try {
    const response = await fetch(url, { method, headers: { Authorization: `Bearer ${token}` } });
    if (!response.ok) console.warn(`Token sync ${method} answered ${response.status}`);
  } catch (error) {
    console.warn(`Token sync ${method} failed`, error);
  }
}

let started: Auth | undefined;

/** Starts once per Auth client, however many providers ask. Returns the stop function when it
 *  started a listener (used by tests). */
export function startTokenSync(auth: Auth, url = tokenSyncUrl()): (() => void) | undefined {
  if (!url || started === auth) return undefined;
  started = auth;
  let lastToken: string | undefined;
  // Token work runs in order, so a quick sign-in + sign-out cannot send DELETE before POST.
  let queue = Promise.resolve();
  const unsubscribe = onIdTokenChanged(auth, (user) => {
    queue = queue.then(async () => {
      if (user) {
        const token = await user.getIdToken().catch(() => undefined);
        if (token && token !== lastToken) {
          lastToken = token;
          await send(url, 'POST', token);
        }
      } else if (lastToken) {
        const token = lastToken;
        lastToken = undefined;
        await send(url, 'DELETE', token);
      }
    });
  });
  return () => {
    unsubscribe();
    started = undefined;
  };
}
