import { db, type OutboxRow } from '../offline/db';
import { outboxRowsFor } from './queue';
import { classifyFailure } from './receipt-upload';

export type DrainerDeps = {
  /** Sends one row (a receipt or a profile edit) with its own id as the Idempotency-Key; throws ApiError on failure. */
  send: (row: OutboxRow, onProgress: (percent: number) => void, signal: AbortSignal) => Promise<unknown>;
  /** The signed-in investor's e-mail (normalised), or null: then nothing is sent. */
  getOwner: () => string | null;
  isOnline?: () => boolean;
  /** navigator.locks where the browser has it: one drainer across every tab of the site. */
  locks?: Pick<LockManager, 'request'> | null;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  onProgress?: (id: string, percent: number | null) => void;
  /** Called after the server confirmed and before the row is deleted. */
  onSent?: (row: OutboxRow, answer: unknown) => void;
  onUnauthorized?: () => void;
  /**
   * The server refused the row (a 4xx no replay can pass). True when the form it was submitted from showed the
   * reason: then nothing stays queued. Otherwise the row is kept as failed, the outbox being the only place to say so.
   */
  onRefused?: (row: OutboxRow, refusal: { status: number; message: string }) => boolean;
  /** After a pass that left rows waiting (offline, or backing off): the page asks for Background Sync. */
  onWaiting?: () => void;
};

export const LOCK_NAME = 'receipt-outbox';
const firstDelay = 2_000;
const maxDelay = 60_000;

/** 2 s after the first failure, then 4 s, 8 s, … never more than a minute. */
export const backoffDelay = (attempts: number) => Math.min(maxDelay, firstDelay * 2 ** Math.max(0, attempts - 1));

type Outcome = 'sent' | 'next' | 'stop';

/** The one loop that replays waiting rows, oldest first, with backoff after a failure. */
export function createOutboxDrainer(deps: DrainerDeps) {
  const isOnline = deps.isOnline ?? (() => navigator.onLine);
  const now = deps.now ?? Date.now;
  const setTimer = deps.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = deps.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let running: Promise<void> | null = null;
  let again = false;
  let timer: unknown = null;
  let stopped = false;
  let inFlight: AbortController | null = null;

  // Claimed in one transaction, so a row removed meanwhile (another tab, the Remove button) is not sent.
  const claim = (id: string) =>
    db.transaction('rw', db.outbox, async () => {
      const current = await db.outbox.get(id);
      if (!current || current.state !== 'waiting') return null;
      const claimed = { ...current, state: 'uploading' as const, attempts: current.attempts + 1 };
      await db.outbox.put(claimed);
      return claimed;
    });

  async function attempt(due: OutboxRow): Promise<Outcome> {
    const row = await claim(due.id);
    if (!row) return 'next';
    const controller = new AbortController();
    inFlight = controller;
    try {
      const answer = await deps.send(row, (percent) => deps.onProgress?.(row.id, percent), controller.signal);
      deps.onSent?.(row, answer);
      await db.outbox.delete(row.id);
      return 'sent';
    } catch (error) {
      // Abandoned on sign-out: the row is being deleted, nothing to record (a later pass resets 'uploading').
      if (controller.signal.aborted) return 'stop';
      const { kind, status, message } = classifyFailure(error);
      const failure = { lastError: message, lastStatus: status };
      if (kind === 'permanent') {
        if (deps.onRefused?.(row, { status, message })) await db.outbox.delete(row.id);
        else await db.outbox.update(row.id, { ...failure, state: 'failed' });
        return 'next';
      }
      // 401 backs off too: the layout signs the person out, and a new sign-in starts a fresh pass.
      await db.outbox.update(row.id, {
        ...failure,
        state: 'waiting',
        nextAttemptAt: now() + backoffDelay(row.attempts),
      });
      if (kind === 'unauthorized') deps.onUnauthorized?.();
      return 'stop';
    } finally {
      inFlight = null;
      deps.onProgress?.(row.id, null);
    }
  }

  async function pass() {
    const owner = deps.getOwner();
    if (!owner || stopped) return;
    // Only the lock holder uploads, so a row still marked 'uploading' was cut off (tab closed): it waits again.
    await db.outbox.where('state').equals('uploading').modify({ state: 'waiting' });
    while (isOnline() && !stopped) {
      const due = (await outboxRowsFor(owner)).find((row) => row.state === 'waiting' && row.nextAttemptAt <= now());
      // A failure other than "refused" will hit the next row too: stop and let the backoff timer come back.
      if (!due || (await attempt(due)) === 'stop') break;
    }
    await scheduleNext(owner);
  }

  async function scheduleNext(owner: string) {
    if (timer !== null) clearTimer(timer);
    timer = null;
    if (stopped) return;
    const waiting = (await outboxRowsFor(owner)).filter((row) => row.state === 'waiting');
    if (waiting.length === 0) return;
    deps.onWaiting?.();
    // Offline, the window's 'online' event starts the next pass; nothing to poll for.
    if (!isOnline()) return;
    const soonest = Math.min(...waiting.map((row) => row.nextAttemptAt));
    timer = setTimer(
      () => {
        timer = null;
        void drain();
      },
      Math.max(0, soonest - now()),
    );
  }

  const exclusive = (work: () => Promise<void>) => (deps.locks ? deps.locks.request(LOCK_NAME, work) : work());

  /** Starts a pass, or, when one runs in this tab, asks it to look again; never rejects. */
  function drain(): Promise<void> {
    stopped = false;
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await exclusive(pass);
        } catch {
          // IndexedDB unavailable or the lock refused: nothing can be replayed now; the next trigger tries again.
        }
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  /**
   * No further pass and no timer for an investor who has left. An upload already on its way finishes, unless
   * abandonUpload (sign-out: the receipts are being deleted from this device).
   */
  function stop({ abandonUpload = false }: { abandonUpload?: boolean } = {}) {
    stopped = true;
    if (abandonUpload) inFlight?.abort();
    if (timer !== null) clearTimer(timer);
    timer = null;
  }

  return { drain, stop };
}

export type OutboxDrainer = ReturnType<typeof createOutboxDrainer>;
