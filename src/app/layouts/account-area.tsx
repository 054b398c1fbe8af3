import { AuthProvider } from '@/features/auth/auth-provider';
import { AccountLayout } from './account-layout';

/** The customer area's shell, loaded as its own chunk: visitors of the public pages never
 *  download the menu, its focus trap or the auth state. */
export default function AccountArea() {
  return (
    <AuthProvider>
      <AccountLayout />
    </AuthProvider>
  );
}
