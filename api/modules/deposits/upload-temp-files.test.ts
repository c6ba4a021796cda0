import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app';

// TMPDIR must point at the fresh folder before the body parser loads: it reads it once.
const uploadTmp = mkdtempSync(join(tmpdir(), 'receipt-uploads-'));
process.env.TMPDIR = uploadTmp;

describe('receipt uploads leave nothing on disk', () => {
  let app: TestApp;
  let fixtures: typeof import('../../test/fixtures');
  let receipts: typeof import('../../test/receipts');
  beforeAll(async () => {
    const { startTestApp } = await import('../../test/test-app');
    fixtures = await import('../../test/fixtures');
    receipts = await import('../../test/receipts');
    app = await startTestApp({ env: { RATE_LIMITS: 'off' } });
  });
  afterAll(async () => {
    await app.close();
    rmSync(uploadTmp, { recursive: true, force: true });
  });

  it('accepted (201), wrong type (415) and too large (413) uploads all leave the temp folder empty', async () => {
    const investor = await fixtures.signUpInvestor(app);
    const fields = { email: investor.payload.email, amount: 100 };
    const { sampleFiles, uploadReceipt } = receipts;
    expect((await uploadReceipt(investor.client, fields, sampleFiles.png())).status).toBe(201);
    expect((await uploadReceipt(investor.client, fields, sampleFiles.text(), { name: 'r.pdf' })).status).toBe(415);
    const huge = Buffer.concat([sampleFiles.png(), Buffer.alloc(10 * 1024 * 1024 + 1)]);
    expect((await uploadReceipt(investor.client, fields, huge)).status).toBe(413);
    expect(readdirSync(uploadTmp)).toEqual([]);
  });
});
