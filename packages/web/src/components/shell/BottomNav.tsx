import { NavLink } from 'react-router';

export function BottomNav() {
  return (
    <nav className="bottom-nav" aria-label="Main">
      <NavLink to="/budget">Budget</NavLink>
      <NavLink to="/accounts">Accounts</NavLink>
      <NavLink to="/settings">Settings</NavLink>
    </nav>
  );
}
