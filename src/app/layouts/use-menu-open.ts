/** Open/closed state of a menu that a followed link closes. The page change is noticed while
 *  rendering (React's "adjust state when a prop changes"), so the new page never paints with the
 *  menu still open, as it did with an effect that closed it after the render. */
import { useState } from 'react';
import { useLocation } from 'react-router-dom';

export function useMenuOpen() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [openedOn, setOpenedOn] = useState(pathname);
  if (openedOn !== pathname) {
    setOpenedOn(pathname);
    setOpen(false);
  }
  return [open, setOpen] as const;
}
