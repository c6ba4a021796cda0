import { useEffect, useId, useState } from 'react';

export type ShellMenu = {
  /** The menu's element id, for the toggle's aria-controls. */
  id: string;
  open: boolean;
  /** Pinned: always shown on wide screens, folding behind the toggle only on narrow ones. */
  pinned: boolean;
  toggle: () => void;
  close: () => void;
};

/** A shell's side menu: starts closed, the toggle flips it, Escape closes it as it does any overlay. */
export function useShellMenu({ pinned = false }: { pinned?: boolean } = {}): ShellMenu {
  const [open, setOpen] = useState(false);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open]);

  return { id, open, pinned, toggle: () => setOpen((value) => !value), close: () => setOpen(false) };
}
