import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../offline/db';
import { queueProfileEdit } from './profile-edit';
import {
  countOutboxRows,
  markForRetry,
  outboxRowsFor,
  removeOutboxRow,
  rowFile,
  saveReceipt,
  type ReceiptOutboxRow,
} from './queue';

const fields = { email: 'Ada@Example.com', amount: '150', coin: 'bitcoin' };
const file = () => new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], 'receipt.pdf', { type: 'application/pdf' });

beforeEach(() => db.outbox.clear());

describe('outbox rows', () => {
  it('keeps the file bytes, the fields and the owner (lower-cased), waiting to upload', async () => {
    await saveReceipt({ id: 'key-1', owner: ' Ada@Example.com ', fields, file: file(), now: 42 });
    const [row] = await outboxRowsFor('ada@example.com');
    expect(row).toMatchObject({
      id: 'key-1',
      owner: 'ada@example.com',
      fields,
      createdAt: 42,
      state: 'waiting',
      attempts: 0,
      lastError: null,
      nextAttemptAt: 0,
    });
    const restored = rowFile(row as ReceiptOutboxRow);
    expect([restored.name, restored.type, restored.size]).toEqual(['receipt.pdf', 'application/pdf', 4]);
    expect(new Uint8Array(await restored.arrayBuffer())).toEqual(new Uint8Array([0x25, 0x50, 0x44, 0x46]));
  });

  it('saves the same submission (same key) only once', async () => {
    await saveReceipt({ id: 'key-1', owner: 'ada@example.com', fields, file: file() });
    await db.outbox.update('key-1', { attempts: 3 });
    await saveReceipt({ id: 'key-1', owner: 'ada@example.com', fields, file: file() });
    expect(await countOutboxRows()).toEqual({ receipts: 1, profileEdits: 0 });
    expect(await db.outbox.get('key-1')).toMatchObject({ attempts: 3 });
  });

  it('retry makes a failed row due again; remove deletes it, but not while it is uploading', async () => {
    await saveReceipt({ id: 'key-1', owner: 'ada@example.com', fields, file: file() });
    await db.outbox.update('key-1', { state: 'failed', nextAttemptAt: 99 });
    await markForRetry('key-1');
    expect(await db.outbox.get('key-1')).toMatchObject({ state: 'waiting', nextAttemptAt: 0 });
    await db.outbox.update('key-1', { state: 'uploading' });
    expect(await removeOutboxRow('key-1')).toBe(false);
    await db.outbox.update('key-1', { state: 'waiting' });
    expect(await removeOutboxRow('key-1')).toBe(true);
    expect(await countOutboxRows()).toEqual({ receipts: 0, profileEdits: 0 });
  });

  it('counts every row on the device by kind, whoever owns it (what sign-out would delete)', async () => {
    await saveReceipt({ id: 'key-1', owner: 'ada@example.com', fields, file: file() });
    await saveReceipt({
      id: 'key-2',
      owner: 'bob@example.com',
      fields: { ...fields, email: 'bob@example.com' },
      file: file(),
    });
    await queueProfileEdit({
      id: 'key-3',
      owner: 'ada@example.com',
      tab: 'withdrawer',
      changes: { bankName: 'Harbour Bank' },
    });
    expect(await countOutboxRows()).toEqual({ receipts: 2, profileEdits: 1 });
  });
});
