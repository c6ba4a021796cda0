import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { Spinner } from './spinner';
import type { ShellMenu } from './use-shell-menu';
import './app-shell.css';

type AppShellProps = {
  menu: ShellMenu;
  /** The feature's own root class, for what only that shell adds. */
  className: string;
  skipLinkLabel: string;
  topBar: ReactNode;
  /** Lines under the top bar (connection status, outbox notice). */
  notices?: ReactNode;
  sidebar: ReactNode;
  footer?: ReactNode;
  /** Dialogs and helpers rendered after the page (sign-out confirmation, scroll restoration). */
  after?: ReactNode;
  children: ReactNode;
};

/** Top bar, side menu and page: the frame of a signed-in area (investor or admin). */
export function AppShell({
  menu,
  className,
  skipLinkLabel,
  topBar,
  notices,
  sidebar,
  footer,
  after,
  children,
}: AppShellProps) {
  return (
    <div className={`app-shell${menu.pinned ? ' app-shell--pinned-menu' : ''} ${className}`}>
      <a href="#main" className="skip-link">
        {skipLinkLabel}
      </a>
      {topBar}
      {notices}
      <div className="app-shell__body">
        {sidebar}
        <main id="main" className="app-shell__main" tabIndex={-1}>
          {children}
        </main>
      </div>
      {footer}
      {after}
    </div>
  );
}

/** The sticky top bar; the menu toggle comes first, the feature's brand and actions follow. */
export function AppShellTopBar({ className, children }: { className: string; children: ReactNode }) {
  return <header className={`app-shell__top-bar ${className}`}>{children}</header>;
}

type MenuToggleProps = { menu: ShellMenu; openLabel: string; closeLabel: string };

export function ShellMenuToggle({ menu, openLabel, closeLabel }: MenuToggleProps) {
  return (
    <button
      type="button"
      className="app-shell__toggle"
      aria-expanded={menu.open}
      aria-controls={menu.id}
      onClick={menu.toggle}
    >
      <span className="app-shell__toggle-bars" aria-hidden="true" />
      <span className="visually-hidden">{menu.open ? closeLabel : openLabel}</span>
    </button>
  );
}

/** The side menu on its dark band; an unpinned menu is out of the page (and the accessibility tree) until opened. */
export function AppShellSidebar({ menu, label, children }: { menu: ShellMenu; label: string; children: ReactNode }) {
  return (
    <nav
      id={menu.id}
      className={`app-shell__sidebar on-dark${menu.open ? ' app-shell__sidebar--open' : ''}`}
      aria-label={label}
      hidden={!menu.pinned && !menu.open}
    >
      <ul className="app-shell__nav-list">{children}</ul>
    </nav>
  );
}

/** The menu's icon: one SVG set (lucide-react) in both shells, at one size; text glyphs showed as empty boxes. */
type NavItemProps = { menu: ShellMenu; to: string; icon: LucideIcon; children: ReactNode };

/** One menu entry; following it closes the menu, so a phone shows the page it opened. */
export function AppShellNavItem({ menu, to, icon: Icon, children }: NavItemProps) {
  return (
    <li>
      <NavLink to={to} className="app-shell__link" onClick={menu.close}>
        <Icon className="app-shell__icon" aria-hidden="true" size={20} strokeWidth={2} />
        {children}
      </NavLink>
    </li>
  );
}

export function ShellLoading({ label }: { label: string }) {
  return (
    <div className="app-shell__loading">
      <Spinner label={label} size="lg" />
    </div>
  );
}
