import type { WithOfflineCopy } from './offline/public-copy';
import { keepCopiesOffline } from './offline/keep-offline';

/**
 * The API answers the server sent inside a public page (api/modules/site/served-answers.ts): the operator's config,
 * and on the landing the prices and the plans. The first screen shows them without a request and without the query
 * library, which loads only once something asks the server again. Named as their offline copies.
 */
export type ServedAnswerName = 'operator-config' | 'market-coins' | 'plans';

/** An answer the page came with, and when the page received it. */
export type ServedAnswer<T> = { data: T; receivedAt: number };

let answers: Partial<Record<ServedAnswerName, unknown>> | undefined;

function readAnswers(): Partial<Record<ServedAnswerName, unknown>> {
  if (answers) return answers;
  answers = {};
  // Rendered at build time, or a page the service worker served from its copy: none.
  const text = typeof document === 'undefined' ? undefined : document.getElementById('served-answers')?.textContent;
  if (text) {
    try {
      answers = JSON.parse(text) as typeof answers;
    } catch {
      // A page cut short in transit: the page asks for what it needs.
    }
  }
  return answers;
}

/** When the page's HTML arrived. */
function pageReceivedAt(): number {
  const navigation = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return performance.timeOrigin + (navigation?.responseStart ?? 0);
}

const read = new Map<ServedAnswerName, ServedAnswer<unknown>>();

/** The answer the page came with, if any: the same object on every call. */
export function servedAnswer<T>(name: ServedAnswerName): ServedAnswer<T> | undefined {
  const found = readAnswers();
  if (!(name in found)) return undefined;
  if (!read.has(name)) read.set(name, { data: found[name], receivedAt: pageReceivedAt() });
  return read.get(name) as ServedAnswer<T>;
}

/**
 * Fetches an answer the page came without (the server had no current copy of it), with a plain request instead of the
 * query library, and keeps it as if the page had come with it: queries later start from it (their initial data), and
 * it is saved as this device's offline copy. Rejects when the request fails; the query library takes over then.
 */
export async function fetchServedAnswer<T>(name: ServedAnswerName, url: string): Promise<ServedAnswer<T>> {
  const existing = servedAnswer<T>(name);
  if (existing) return existing;
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  const data = (await response.json()) as T;
  readAnswers()[name] = data;
  const answer = { data, receivedAt: Date.now() };
  read.set(name, answer);
  keepCopiesOffline([{ key: name, data, savedAt: answer.receivedAt }], 'publicData');
  return answer;
}

/** A query's initial data for an answer the page came with (TanStack's `initialData`, as if fetched on arrival). */
export function servedInitialData<T>(name: ServedAnswerName) {
  return {
    initialData: () => servedAnswer<T>(name)?.data,
    initialDataUpdatedAt: () => servedAnswer<T>(name)?.receivedAt,
  };
}

/** The same, for a query whose data says where it came from (offline/public-copy.ts). */
export function servedInitialCopy<T>(name: ServedAnswerName) {
  return {
    initialData: (): WithOfflineCopy<T> | undefined => {
      const answer = servedAnswer<T>(name);
      return answer && { data: answer.data, savedAt: answer.receivedAt, fromDevice: false };
    },
    initialDataUpdatedAt: () => servedAnswer<T>(name)?.receivedAt,
  };
}

/** Saves the page's answers as this device's offline copies, as a fetch of them would have. */
export function keepServedAnswersOffline(): void {
  const found = Object.keys(readAnswers()) as ServedAnswerName[];
  const copies = found.map((name) => {
    const answer = servedAnswer(name)!;
    return { key: name, data: answer.data, savedAt: answer.receivedAt };
  });
  keepCopiesOffline(copies, 'publicData');
}
