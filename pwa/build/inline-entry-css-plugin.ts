import type { Plugin } from 'vite';
import { builtIndexHtml } from './first-load.ts';

const stylesheetLink = /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[^"]+\.css)">/g;

/**
 * Puts the entry's stylesheets into index.html as <style> elements (before the page shells are
 * made from it): on a slow link the first paint no longer waits for separate CSS requests queued among the
 * scripts. `data-inlined` names each file, so the first-load measure counts its bytes once, in the HTML.
 * The files stay in the build for chunks that load them later.
 */
export function inlineEntryCssPlugin(): Plugin {
  return {
    name: 'project-inline-entry-css',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = builtIndexHtml(bundle, 'inline-entry-css-plugin');
      index.source = String(index.source).replace(stylesheetLink, (link, fileName: string) => {
        const css = bundle[fileName];
        if (css?.type !== 'asset') return link;
        // A stylesheet never holds "</style", but a string in it could: keep the element closed where it should be.
        // The disabled link (never fetched) tells Vite's loader the stylesheet is there: the app's lazy chunks list
        // the entry's CSS among their dependencies and would otherwise fetch and apply it again.
        const text = String(css.source).replaceAll('</style', '<\\/style');
        return `<style data-inlined="${fileName}">${text}</style><link rel="stylesheet" href="/${fileName}" disabled>`;
      });
    },
  };
}
