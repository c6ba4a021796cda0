// Apart from install-prompt.ts, which the entry loads at start: only the footer's install hint needs this.

/** iPhone and iPad Safari have no install prompt: the app is added from the Share menu. */
export function isIosSafariBrowser(
  userAgent = navigator.userAgent,
  standalone = (navigator as Navigator & { standalone?: boolean }).standalone,
) {
  const ios = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && navigator.maxTouchPoints > 1);
  const safari = /Safari/.test(userAgent) && !/CriOS|FxiOS|EdgiOS/.test(userAgent);
  return ios && safari && standalone !== true;
}
