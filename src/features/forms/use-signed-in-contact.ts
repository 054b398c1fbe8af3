import { useContext } from 'react';
import { AuthContext } from '@/session/auth-context';
import { watchProfile } from '@/firebase/users-api';
import { useLiveValueOf } from '@/firebase/use-live-value';

export interface SignedInContact {
  name: string;
  email: string;
}

/**
 * The name and email of the person signed in, for the forms to start with (docs/product.md#forms):
 * the profile's, as the customer area shows them, the account's while the profile loads or when it
 * has none. Null for a visitor and for the anonymous sign-in the forms themselves make. Reads the
 * auth state as far as it is known without loading Firebase (useAuthState's source, which a page
 * outside an AuthProvider lacks): a visitor's page loads nothing more.
 */
export function useSignedInContact(): SignedInContact | null {
  const user = useContext(AuthContext)?.user;
  const person = user && !user.isAnonymous ? user : null;
  const profile = useLiveValueOf(person?.uid, watchProfile);
  if (!person) return null;
  const stored = profile.status === 'ready' ? profile.value : null;
  const name = stored ? `${stored.firstName} ${stored.lastName}`.trim() : '';
  return { name: name || (person.displayName ?? ''), email: stored?.email || (person.email ?? '') };
}
