import { List } from 'lucide-react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppShell, AppShellNavItem, AppShellSidebar, AppShellTopBar, ShellMenuToggle } from './app-shell';
import { useShellMenu } from './use-shell-menu';

function Shell({ pinned }: { pinned: boolean }) {
  const menu = useShellMenu({ pinned });
  return (
    <AppShell
      menu={menu}
      className="test-shell"
      skipLinkLabel="Skip to content"
      topBar={
        <AppShellTopBar className="test-top-bar">
          <ShellMenuToggle menu={menu} openLabel="Open menu" closeLabel="Close menu" />
        </AppShellTopBar>
      }
      sidebar={
        <AppShellSidebar menu={menu} label="Menu">
          <AppShellNavItem menu={menu} to="/other" icon={List}>
            Other
          </AppShellNavItem>
        </AppShellSidebar>
      }
    >
      <p>Page</p>
    </AppShell>
  );
}

const renderShell = (pinned: boolean) =>
  render(
    <MemoryRouter>
      <Shell pinned={pinned} />
    </MemoryRouter>,
  );

describe('app shell', () => {
  it('keeps an unpinned menu out of the page until the toggle opens it; a link or Escape closes it', async () => {
    renderShell(false);
    expect(screen.getByRole('main')).toHaveTextContent('Page');
    expect(screen.queryByRole('navigation', { name: 'Menu' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Menu' });
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-controls', menu.id);
    await userEvent.click(screen.getByRole('link', { name: /Other/ }));
    expect(screen.queryByRole('navigation', { name: 'Menu' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('leaves a pinned menu in the page while closed (wide screens show it; CSS folds it on narrow ones)', async () => {
    renderShell(true);
    const menu = screen.getByRole('navigation', { name: 'Menu' });
    expect(menu).not.toHaveClass('app-shell__sidebar--open');
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(menu).toHaveClass('app-shell__sidebar--open');
    await userEvent.keyboard('{Escape}');
    expect(menu).not.toHaveClass('app-shell__sidebar--open');
  });
});
