import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

// Where the visitor was on each history entry, kept as they scroll (the data router's ScrollRestoration did this,
// but the landing uses the lighter declarative router to stay within its first-load budget).
const positions = new Map<string, number>();

/**
 * A new page starts at its top (or its #anchor); Back and Forward return to where the visitor was. The document's
 * first page is where the browser put it: its own restored position on a reload, its #anchor, or wherever the
 * visitor scrolled a page rendered at build time before React hydrated it.
 */
export function ScrollRestoration() {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    const remember = () => positions.set(key, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [key]);

  useLayoutEffect(() => {
    if (navigationType === 'POP') {
      const saved = positions.get(key);
      if (saved !== undefined) window.scrollTo(0, saved);
    } else if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [key, hash, navigationType]);

  return null;
}
