import type { Ref } from 'react';
import styles from './menu-toggle.module.scss';

interface MenuToggleProps {
  expanded: boolean;
  controls: string;
  onClick: () => void;
  /** What it says while open: "Close menu" when it closes the menu; an overlay with its own close
   *  button covers it, so it keeps saying "Menu". */
  openLabel?: string;
  ref?: Ref<HTMLButtonElement>;
}

/** The phone's one menu button, in the dark site header: "Menu" while closed, "Close menu" while
 *  open, a burger drawn in CSS beside the words. Hidden on desktops, where menus are lists. */
export function MenuToggle({ expanded, controls, onClick, openLabel = 'Close menu', ref }: MenuToggleProps) {
  return (
    <button ref={ref} type="button" className={styles.toggle} aria-expanded={expanded} aria-controls={controls} onClick={onClick}>
      <span className={styles.burger} aria-hidden="true" />
      {expanded ? openLabel : 'Menu'}
    </button>
  );
}
