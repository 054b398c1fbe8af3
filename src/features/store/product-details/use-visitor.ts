import { useContext } from 'react';
import type { User } from 'firebase/auth';
import { AuthContext, useSessionHint } from '@/session/auth-context';
import { useHydrated } from '@/ui/use-hydrated';

export type VisitorState = { status: 'loading' } | { status: 'ready'; user: User | null };

/**
 * Who is checking out, from the site's auth provider, never loading Firebase Auth for it: without
 * a stored session hint nobody is signed in, so a visitor's plan page stays free of Auth
 * (docs/decisions/0056-plan-page-does-not-wait-for-auth.md); with one, the provider confirms it once the page is idle, and the checkout note
 * waits until then. Loading until hydrated, as the page was pre-rendered.
 */
export function useVisitor(): VisitorState {
  const session = useContext(AuthContext);
  const hinted = useSessionHint();
  const hydrated = useHydrated();
  if (session?.ready) return { status: 'ready', user: session.user };
  if (!hydrated || hinted) return { status: 'loading' };
  return { status: 'ready', user: null };
}
