import { NavLink } from 'react-router-dom';
import type { NavLinkItem } from '../navigation';

/** One <li> with a NavLink per entry, the current page's marked with `activeClassName` (and
 *  aria-current by React Router): the header's, the header account menu's and the side menu's lists. */
export function NavLinkItems({ items, activeClassName }: { items: readonly NavLinkItem[]; activeClassName?: string }) {
  return items.map((item) => (
    <li key={item.to}>
      <NavLink to={item.to} className={({ isActive }) => (isActive ? activeClassName : undefined)}>
        {item.label}
      </NavLink>
    </li>
  ));
}
