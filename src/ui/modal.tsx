import { FocusTrap } from 'focus-trap-react';
import { X } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { escapeCloses } from './escape-closes';
import styles from './modal.module.scss';
import { useScrollLock } from './use-scroll-lock';

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons shown under the content. */
  actions?: ReactNode;
}

// jsdom has no layout, so tabbable would judge every element hidden there.
const tabbableOptions = import.meta.env.MODE === 'test' ? { displayCheck: 'none' as const } : undefined;

/** A dialog that keeps focus inside while open, closes on Escape or a click on the backdrop,
 *  and gives focus back to whatever opened it. */
export function Modal({ open, title, onClose, children, actions }: ModalProps) {
  const titleId = useId();

  useScrollLock(open);

  if (!open) return null;

  return createPortal(
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- a click on the backdrop is a pointer shortcut; keyboards have Escape and the Close button.
    <div className={styles.backdrop} onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <FocusTrap
        focusTrapOptions={{
          escapeDeactivates: escapeCloses(onClose),
          allowOutsideClick: true,
          returnFocusOnDeactivate: true,
          fallbackFocus: () => document.getElementById(titleId)!.closest('[role=dialog]') as HTMLElement,
          tabbableOptions,
        }}
      >
        <div className={styles.dialog} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
          <div className={styles.header}>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            <button type="button" className={styles.close} onClick={onClose} aria-label="Close">
              <X size={24} />
            </button>
          </div>
          <div className={styles.body}>{children}</div>
          {actions && <div className={styles.actions}>{actions}</div>}
        </div>
      </FocusTrap>
    </div>,
    document.body,
  );
}
