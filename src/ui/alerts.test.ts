import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { alertError, alertSuccess, alertWarning } from './alerts';

describe('alerts', () => {
  it.each([
    ['error', alertError],
    ['warning', alertWarning],
    ['success', alertSuccess],
  ] as const)('shows a %s dialog with the title and text, resolved when dismissed', async (icon, alert) => {
    let dismissed = false;
    const shown = alert({ title: 'Inactive Session', text: 'Your session has expired, login please' }).then(() => {
      dismissed = true;
    });
    const dialog = await screen.findByRole('dialog', { hidden: true }, { timeout: 5000 }); // jsdom cannot lay out sweetalert2's popup; the first alert loads sweetalert2
    expect(dialog).toHaveTextContent('Inactive Session');
    expect(dialog).toHaveTextContent('Your session has expired, login please');
    expect(dialog).toHaveClass(`swal2-icon-${icon}`);
    expect(dismissed).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'OK', hidden: true }));
    await shown;
    expect(dismissed).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).not.toBeInTheDocument());
  });
});
