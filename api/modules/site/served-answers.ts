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
  return async function servedAnswersScript(path: string): Promise<string> {
    const answers: Array<[string, PreparedJson | undefined]> = [['operator-config', sources.operatorConfig]];
    if (path === '/') {
      const plans = await sources.plansOnSale().catch((error: unknown) => {
        // The page goes out without them; it asks GET /api/plans itself.
        logger.warn({ err: error }, 'plans not read for the landing page');
        return undefined;
      });
      answers.push(['market-coins', sources.currentCoins()], ['plans', plans]);
    }
    const members = answers
      .filter((answer): answer is [string, PreparedJson] => answer[1] !== undefined)
      .map(([name, prepared]) => `${JSON.stringify(name)}:${prepared.copies.identity.body.toString('utf8')}`);
    // "<" escaped, so no text in an answer can close the element (JSON reads \u003c as "<").
    const json = `{${members.join(',')}}`.replaceAll('<', '\\u003c');
    return `<script type="application/json" id="${servedAnswersElementId}">${json}</script>`;
  };
}

export type ServedAnswers = ReturnType<typeof createServedAnswers>;
