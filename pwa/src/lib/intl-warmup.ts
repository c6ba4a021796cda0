/**
 * The first Intl formatter a page builds makes ICU read its locale data: 10–15 ms on a desktop, over 100 ms on a
 * phone, inside whichever render formats the first price. ICU keeps that data for the whole process, so building
 * the formatters once in a worker, beside the page's own start-up, leaves the page's first formatter nearly free.
 */
export function warmIntl(language: string) {
  new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' }).format(1);
  new Intl.NumberFormat(language, { style: 'percent' }).format(1);
  new Intl.PluralRules(language).select(1);
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(0);
  new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(-1, 'minute');
  new Intl.DisplayNames([language], { type: 'currency' }).of('USD');
}

/** Warms ICU for the page's language in a worker that ends once it is done. */
export function warmIntlOffMainThread(language: string) {
  if (typeof Worker !== 'function') return;
  const worker = new Worker(new URL('./intl-warmup.worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = () => worker.terminate();
  worker.onerror = () => worker.terminate();
  worker.postMessage(language);
}
