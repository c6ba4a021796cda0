import { outsideTransaction } from '../db/transaction-guard';
import type { Logger } from './logger';

/**
 * Work started after the answer is sent (mail for a known address), so the answer takes the
 * same time whether or not the address is registered. Failures are logged; `settled()` lets
 * shutdown and tests wait for what is still running.
 */
export function createBackgroundTasks(logger: Logger) {
  const running = new Set<Promise<void>>();
  return {
    run(label: string, task: () => Promise<void>) {
      // Started from inside a transaction it is not part of it: it may run once the transaction has committed.
      const done: Promise<void> = outsideTransaction(() => Promise.resolve().then(task))
        .catch((error: unknown) => logger.error({ err: error, task: label }, 'background task failed'))
        .finally(() => running.delete(done));
      running.add(done);
    },
    async settled() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}

export type BackgroundTasks = ReturnType<typeof createBackgroundTasks>;
