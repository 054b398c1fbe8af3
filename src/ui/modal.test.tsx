import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectDecorativeIcons } from '@/ui/icons.testing';
import { Modal } from './modal';

function Harness({ onClose = () => {} }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Edit name</button>
      <Modal
        open={open}
        title="Edit name"
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        actions={<button>Save</button>}
      >
        <label>
          First name <input />
        </label>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is an accessible dialog named by its title', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit name' }));
    expect(screen.getByRole('dialog', { name: 'Edit name' })).toHaveAttribute('aria-modal', 'true');
  });

  it('labels its icon-only Close button, whose X is a hidden SVG', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit name' }));
    expectDecorativeIcons(screen.getByRole('button', { name: 'Close' }));
  });

  it('keeps focus inside while open', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit name' }));
    const dialog = screen.getByRole('dialog');
    for (let i = 0; i < 5; i += 1) {
      await userEvent.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('closes on Escape and gives focus back to the opener', async () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Edit name' });
    await userEvent.click(opener);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes on an Escape pressed before focus has moved inside', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Edit name' });
    opener.focus();
    // Both in one tick: focus-trap moves focus inside on the next one, so the key lands on the opener.
    fireEvent.click(opener);
    fireEvent.keyDown(opener, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes with the Close button and locks page scroll only while open', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit name' }));
    expect(document.body.style.overflow).toBe('hidden');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
  });
});
