import { Menu, X } from 'lucide-react';
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
 *  open, the words naming it and the icon beside them decoration. Hidden on desktops, where menus
 *  are lists. */
export function MenuToggle({ expanded, controls, onClick, openLabel = 'Close menu', ref }: MenuToggleProps) {
  return (
    <button ref={ref} type="button" className={styles.toggle} aria-expanded={expanded} aria-controls={controls} onClick={onClick}>
      {expanded ? <X size={20} /> : <Menu size={20} />}
      {expanded ? openLabel : 'Menu'}
    </button>
  );
}
