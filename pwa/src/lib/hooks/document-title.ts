import { useEffect } from 'react';

let recordTitle: ((title: string) => void) | undefined;

/** Build time (app/prerender.tsx): hears the title a page asks for while it is rendered outside a browser. */
export function onPrerenderedTitle(record: ((title: string) => void) | undefined) {
  recordTitle = record;
}

/** The page's title in the tab, and in the <title> of its HTML when the page is rendered at build time. */
export function useDocumentTitle(title: string) {
  if (typeof document === 'undefined') recordTitle?.(title);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
