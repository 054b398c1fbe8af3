/** The signed-in user's id kept in localStorage (spec section 2: sign-out "removes the stored user
 *  id"). The auth provider keeps it in step with Firebase Auth; nothing should trust it for access. */
export const STORED_USER_ID_KEY = 'currentUserId';

export function storeUserId(uid: string | null): void {
  try {
    if (uid) localStorage.setItem(STORED_USER_ID_KEY, uid);
    else localStorage.removeItem(STORED_USER_ID_KEY);
  } catch {
    // Storage can be unavailable (private modes, quotas); the session itself still works.
  }
}
