import { useLocation } from 'react-router-dom';
import { AuthProvider } from '@/features/auth/auth-provider';
import { AccountLayout } from './account-layout';
import { LayoutErrorBoundary } from './layout-error-boundary';

/** The customer area's shell, loaded as its own chunk: visitors of the public pages never
 *  download the menu, its focus trap or the auth state. */
export default function AccountArea() {
  const { pathname } = useLocation();
  return (
    <LayoutErrorBoundary area="account" resetKey={pathname}>
      <AuthProvider>
        <AccountLayout />
      </AuthProvider>
    </LayoutErrorBoundary>
  );
}
