import type { Logger } from '../../lib/logger';
import type { PreparedJson } from '../../lib/prepared-json';

/**
 * The API answers a public page reads on its first screen, as their GET routes send them. Named as the PWA names
 * its offline copies of them (pwa/src/lib/served-answers.ts), which it keeps from these.
 */
export interface ServedAnswerSources {
  /** GET /api/config. */
  operatorConfig: PreparedJson;
  /** GET /api/market/coins, when the answer held is current (never waits on the market's upstream). */
  currentCoins: () => PreparedJson | undefined;
  /** GET /api/plans. */
  plansOnSale: () => Promise<PreparedJson>;
}

/** The id of the element that carries them. */
export const servedAnswersElementId = 'served-answers';

/**
 * Builds the `<script type="application/json">` a public page carries its first screen's answers in, so the page
 * shows them without a request and without the query library on its first load. Every public page has the
 * operator's config (header, footer, chat button); the landing also has the prices and the plans.
 */
export function createServedAnswers(sources: ServedAnswerSources, logger: Logger) {
  // The answers change at most once a refresh or an edit: the element is written once per change, not per request.
  const written = new Map<string, { answers: Array<PreparedJson | undefined>; script: string }>();

  return async function servedAnswersScript(path: string): Promise<string> {
    const names = ['operator-config'];
    const answers: Array<PreparedJson | undefined> = [sources.operatorConfig];
    if (path === '/') {
      const plans = await sources.plansOnSale().catch((error: unknown) => {
        // The page goes out without them; it asks GET /api/plans itself.
        logger.warn({ err: error }, 'plans not read for the landing page');
        return undefined;
      });
      names.push('market-coins', 'plans');
      answers.push(sources.currentCoins(), plans);
    }
    const key = names.join();
    const last = written.get(key);
    if (last && last.answers.every((answer, index) => answer === answers[index])) return last.script;
    const members = answers.flatMap((answer, index) =>
      answer ? [`${JSON.stringify(names[index])}:${answer.copies.identity.body.toString('utf8')}`] : [],
    );
    // "<" escaped, so no text in an answer can close the element (JSON reads \u003c as "<").
    const json = `{${members.join(',')}}`.replaceAll('<', '\\u003c');
    const script = `<script type="application/json" id="${servedAnswersElementId}">${json}</script>`;
    written.set(key, { answers, script });
    return script;
  };
}

export type ServedAnswers = ReturnType<typeof createServedAnswers>;
