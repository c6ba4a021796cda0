import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../offline/db';
import { saveReceipt } from './queue';
import { createOutboxDrainer, LOCK_NAME, type DrainerDeps } from './drainer';
import type { UploadAnswer } from './receipt-upload';

const owner = 'ada@example.com';
const answer = { message: 'Receipt uploaded successfully', deposit: { id: 'd1' } } as UploadAnswer;
const save = (id: string, createdAt: number) =>
  saveReceipt({
    id,
    owner,
    fields: { email: owner, amount: '150' },
    file: new File(['%PDF-1.4'], `${id}.pdf`, { type: 'application/pdf' }),
    now: createdAt,
  });

/** navigator.locks as browsers implement an exclusive lock: one holder at a time, the rest queue in order. */
function fakeLockManager() {
  let tail: Promise<unknown> = Promise.resolve();
  const names: string[] = [];
  const request = (name: string, callback: () => Promise<void>) => {
    names.push(name);
    const run = tail.then(() => callback());
    tail = run.catch(() => undefined);
    return run;
  };
  return { locks: { request } as unknown as DrainerDeps['locks'], names };
}

/** A send that records how many uploads are in flight at once, and finishes when the test says so. */
function gatedSend() {
  let inFlight = 0;
  let most = 0;
  const sent: string[] = [];
  const gates: Array<() => void> = [];
  const send: DrainerDeps['send'] = async (row) => {
    inFlight += 1;
    most = Math.max(most, inFlight);
    sent.push(row.id);
    await new Promise<void>((resolve) => gates.push(resolve));
    inFlight -= 1;
    return answer;
  };
  const openAll = async () => {
    // Keep opening gates until every pass has finished.
    for (let round = 0; round < 20; round += 1) {
      gates.splice(0).forEach((open) => open());
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  return { send, sent, openAll, most: () => most };
}

const drainerWith = (send: DrainerDeps['send'], locks: DrainerDeps['locks'] = null) =>
  createOutboxDrainer({
    send,
    getOwner: () => owner,
    isOnline: () => true,
    locks,
    setTimer: () => undefined,
    clearTimer: () => undefined,
  });

beforeEach(() => db.outbox.clear());

describe('one drainer at a time', () => {
  it('in one tab: a second trigger during a pass does not start a second upload, and the pass picks up new rows', async () => {
    const { send, sent, openAll, most } = gatedSend();
    const drainer = drainerWith(send);
    await save('first', 1);
    const first = drainer.drain();
    const second = drainer.drain();
    await save('added-meanwhile', 2);
    const third = drainer.drain();
    await openAll();
    await Promise.all([first, second, third]);
    expect(most()).toBe(1);
    expect(sent).toEqual(['first', 'added-meanwhile']);
    expect(await db.outbox.count()).toBe(0);
  });

  it('across tabs: two drainers sharing navigator.locks never upload at once and never send a row twice', async () => {
    const { locks, names } = fakeLockManager();
    const { send, sent, openAll, most } = gatedSend();
    const tabA = drainerWith(send, locks);
    const tabB = drainerWith(send, locks);
    await save('one', 1);
    await save('two', 2);
    const passes = [tabA.drain(), tabB.drain()];
    await openAll();
    await Promise.all(passes);
    expect(most()).toBe(1);
    expect(sent).toEqual(['one', 'two']);
    expect(new Set(names)).toEqual(new Set([LOCK_NAME]));
  });
});
