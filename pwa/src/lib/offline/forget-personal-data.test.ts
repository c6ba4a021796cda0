import { beforeEach, describe, expect, it } from 'vitest';
import { db } from './db';
import { saveReceipt } from '../outbox/queue';
import { forgetPersonalData } from './forget-personal-data';
import { createTestQueryClient } from '../../test/render-page';

const save = () =>
  saveReceipt({
    id: 'key-1',
    owner: 'ada@example.com',
    fields: { email: 'ada@example.com', amount: '150' },
    file: new File(['%PDF-1.4'], 'r.pdf', { type: 'application/pdf' }),
  });

beforeEach(async () => {
  await db.outbox.clear();
  await db.translations.put({ key: 'en/common', data: {}, savedAt: 1 });
});

describe('forgetPersonalData and the outbox', () => {
  it('keeps unsent receipts when the session merely expired (they wait for the same investor)', async () => {
    await save();
    await forgetPersonalData(createTestQueryClient());
    expect(await db.outbox.count()).toBe(1);
  });

  it('deletes them on sign-out, and keeps the shared translations', async () => {
    await save();
    await forgetPersonalData(createTestQueryClient(), { outbox: 'delete' });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.translations.get('en/common')).toBeDefined();
  });
});
