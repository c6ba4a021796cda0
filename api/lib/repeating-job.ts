import type { Logger } from './logger';

/** Stops a repeating job; resolves once a run in progress has finished, so the database can be closed after it. */
export type StopJob = () => Promise<void>;

/**
 * Runs `work` every `intervalMs` (and at once unless `firstRunNow` is false), one run at a time: a tick that finds
 * the last run still going is skipped. A failed run is logged as `<label> failed` and the next tick tries again.
 */
export function repeatEvery(
  label: string,
  intervalMs: number,
  logger: Logger,
  work: () => Promise<void>,
  { firstRunNow = true } = {},
): StopJob {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = work()
      .catch((error: unknown) => logger.error({ err: error }, `${label} failed`))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  if (firstRunNow) tick();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/** Stops every job and waits for all of them. */
export const stopAll =
  (stops: StopJob[]): StopJob =>
  async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
