/**
 * A page rendered at build time carries its chunks' preloads in this template (pwa/build/prerendered-html.ts): its
 * first paint needs none of them, and on a phone's network they would share it with the paint.
 */
export const afterPaintPreloadsId = 'after-paint-preloads';

/** Once the page has painted: puts the preloads in the document, so the browser fetches them all at once. */
export function addPreloadsAfterPaint(document: Document = window.document): void {
  const template = document.getElementById(afterPaintPreloadsId);
  if (!(template instanceof HTMLTemplateElement)) return;
  document.head.append(template.content);
  template.remove();
}
