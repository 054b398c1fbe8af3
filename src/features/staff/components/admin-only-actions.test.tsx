import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '@/ui/button';
import { ADMIN_ONLY } from '../staff-context';
import { AdminOnlyActions } from './admin-only-actions';

function renderRow(may: boolean, onApprove = vi.fn()) {
  render(
    <AdminOnlyActions may={may}>
      {(gate) => (
        <>
          <Button variant="secondary">Copy link</Button>
          <Button {...gate} onClick={onApprove}>
            Approve
          </Button>
        </>
      )}
    </AdminOnlyActions>,
  );
  return onApprove;
}

describe('AdminOnlyActions', () => {
  it('support sees the admin’s button disabled, described by why, and pressing it does nothing', async () => {
    const onApprove = renderRow(false);
    const approve = screen.getByRole('button', { name: 'Approve' });
    expect(approve).toBeDisabled();
    expect(approve).toHaveAccessibleDescription(ADMIN_ONLY);
    await userEvent.click(approve);
    expect(onApprove).not.toHaveBeenCalled();
    // The other buttons of the row are nobody's privilege.
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Copy link' })).not.toHaveAccessibleDescription();
  });

  it('an admin gets the button, with no note', async () => {
    const onApprove = renderRow(true);
    const approve = screen.getByRole('button', { name: 'Approve' });
    expect(approve).toBeEnabled();
    expect(approve).not.toHaveAccessibleDescription();
    expect(screen.queryByText(ADMIN_ONLY)).toBeNull();
    await userEvent.click(approve);
    expect(onApprove).toHaveBeenCalledOnce();
  });
});
