import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_CODES } from '../../../api/contracts/languages';
import { warmIntl, warmIntlOffMainThread } from './intl-warmup';

describe('warmIntl', () => {
  it('accepts every language the site is offered in', () => {
    for (const language of LANGUAGE_CODES) expect(() => warmIntl(language), language).not.toThrow();
  });
});

describe('warmIntlOffMainThread', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("hands the page's language to a worker and ends the worker once it answers", () => {
    const workers: FakeWorker[] = [];
    class FakeWorker {
      onmessage: (() => void) | null = null;
      onerror: (() => void) | null = null;
      posted: unknown[] = [];
      terminated = false;
      constructor() {
        workers.push(this);
      }
      postMessage(message: unknown) {
        this.posted.push(message);
      }
      terminate() {
        this.terminated = true;
      }
    }
    vi.stubGlobal('Worker', FakeWorker);
    warmIntlOffMainThread('fa');
    expect(workers).toHaveLength(1);
    expect(workers[0]!.posted).toEqual(['fa']);
    expect(workers[0]!.terminated).toBe(false);
    workers[0]!.onmessage!();
    expect(workers[0]!.terminated).toBe(true);
  });
});
