/** Where sign-in returns to (architecture decision 7): a same-site path passed as ?next=. */
import { paths } from '@/config/paths';

export const NEXT_PARAM = 'next';

/** Only a path on this site: starts with one "/" (not "//" or "/\", which browsers treat as
 *  another host), and never the sign-in page itself. */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  if (raw === paths.signIn || raw.startsWith(`${paths.signIn}?`)) return null;
  return raw;
}

/** The sign-in address that comes back to `next` afterwards. */
export function signInPath(next?: string): string {
  const safe = safeNextPath(next);
  return safe ? `${paths.signIn}?${new URLSearchParams({ [NEXT_PARAM]: safe }).toString()}` : paths.signIn;
}
