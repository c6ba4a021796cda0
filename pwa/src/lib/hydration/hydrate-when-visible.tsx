import { use, type ReactNode } from 'react';
import { useHydrating } from './use-hydrating';

const visible = new Map<string, Promise<void>>();
// Already settled, in the form React's use() reads without waiting.
const rendered = Object.assign(Promise.resolve(), { status: 'fulfilled' as const, value: undefined });

/** Resolves when the part rendered at build time under `name` comes within a screen of showing, so that its code is
 * usually there before the visitor reaches it. */
function whenVisible(name: string): Promise<void> {
  let promise = visible.get(name);
  if (!promise) {
    promise = new Promise<void>((resolve) => {
      const boxes = document.querySelector(`[data-hydrate-when-visible="${name}"]`)?.children;
      if (!boxes?.length || typeof IntersectionObserver !== 'function') return resolve();
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.disconnect();
          resolve();
        },
        { rootMargin: '100% 0px' },
      );
      for (const box of boxes) observer.observe(box);
    });
    visible.set(name, promise);
  }
  return promise;
}

/**
 * A part further down a page rendered at build time: its HTML is there from the start, readable and with working
 * links, but React hydrates it (and fetches its code) only once the visitor scrolls to it. Rendered in the browser,
 * it renders at once. Put it directly inside the Suspense boundary the part loads under.
 */
export function HydrateWhenVisible({ name, children }: { name: string; children: ReactNode }) {
  const hydrating = useHydrating();
  // Suspending here, not in a sibling, keeps React from fetching the part's code ahead of time. At build time (no
  // document) the part renders in full.
  use(hydrating && typeof document !== 'undefined' ? whenVisible(name) : rendered);
  return (
    <div data-hydrate-when-visible={name} style={{ display: 'contents' }}>
      {children}
    </div>
  );
}
