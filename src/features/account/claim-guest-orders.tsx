import { useEffect } from 'react';
import { useAuth } from '@/session/auth-context';

/** Once per browser session and account: the key says this account's visitor orders were asked for. */
const claimedKey = (uid: string) => `guestOrdersClaimed:${uid}`;

/**
 * Links the orders this person bought as a visitor (same verified email) to their account, when
 * they open the customer area. The orders list is live, so linked orders simply appear. Renders
 * nothing; a failure is only logged (the next visit tries again).
 */
export function ClaimGuestOrders() {
  const { user } = useAuth();
  useEffect(() => {
    if (!user || sessionStorage.getItem(claimedKey(user.uid))) return;
    let left = false;
    import('./billing-api')
      .then(({ claimGuestOrders }) => claimGuestOrders(user))
      .then(() => {
        // Not verified yet: ask again on the next page, the person may be verifying right now.
        if (!left && user.emailVerified) sessionStorage.setItem(claimedKey(user.uid), 'yes');
      })
      .catch((error: unknown) => console.warn('Orders bought as a visitor could not be linked', error));
    return () => {
      left = true;
    };
  }, [user]);
  return null;
}
