import { useLocation } from 'react-router-dom';
import { AccountLayout } from './account-layout';
import { LayoutErrorBoundary } from './layout-error-boundary';

/** The customer area's shell, loaded as its own chunk: visitors of the public pages never
 *  download the menu or its focus trap. */
export default function AccountArea() {
  const { pathname } = useLocation();
  return (
    <LayoutErrorBoundary area="account" resetKey={pathname}>
      <AccountLayout />
    </LayoutErrorBoundary>
  );
}
