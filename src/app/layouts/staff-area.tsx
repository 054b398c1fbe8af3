import { useLocation } from 'react-router-dom';
import { StaffGate } from '@/features/staff/staff-gate';
import { LayoutErrorBoundary } from './layout-error-boundary';
import { PublicFrame } from './public-layout';
import { StaffLayout } from './staff-layout';

/** The staff console's shell, its own chunk: visitors and customers never download it, nor any
 *  console page (docs/decisions/0108-staff-console.md). Search engines are asked to keep all of it
 *  out of their index, the "staff only" page included. */
export default function StaffArea() {
  const { pathname } = useLocation();
  return (
    <LayoutErrorBoundary area="account" resetKey={pathname}>
      <meta name="robots" content="noindex, nofollow" />
      <StaffGate frame={(content) => <PublicFrame>{content}</PublicFrame>}>
        <StaffLayout />
      </StaffGate>
    </LayoutErrorBoundary>
  );
}
