import { setTimeout as pause } from 'node:timers/promises';

/** Polls `read` every `everyMs` until it returns something, for at most `withinMs` (then throws, naming `what`). */
export async function eventually<T>(
  read: () => Promise<T | undefined>,
  withinMs: number,
  what: string,
  everyMs = 200,
): Promise<T> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    const found = await read();
    if (found !== undefined) return found;
    await pause(everyMs);
  }
  throw new Error(`not within ${withinMs} ms: ${what}`);
}
