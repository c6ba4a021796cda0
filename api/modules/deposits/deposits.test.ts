import { describe, expect, it } from 'vitest';
import { signUpInvestor, useAdminApp } from '../../test/fixtures';
import { sampleFiles, uploadReceipt } from '../../test/receipts';

describe('deposits and receipts', () => {
  const setup = useAdminApp();

  it('stores a pending deposit for a PNG, JPEG or PDF receipt, at both paths', async () => {
    const investor = await signUpInvestor(setup.app);
    const email = investor.payload.email;
    for (const [file, path] of [
      [sampleFiles.png(), '/api/upload-receipt'],
      [sampleFiles.jpeg(), '/upload-receipt'],
      [sampleFiles.pdf(), '/api/upload-receipt'],
    ] as const) {
      const response = await uploadReceipt(investor.client, { email, amount: '150.25', coin: 'Bitcoin' }, file, {
        path,
      });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        message: 'Receipt uploaded successfully',
        deposit: { amount: 150.25, status: 'pending', coin: 'bitcoin' },
      });
    }
    const { deposits } = (await investor.client.get('/api/deposits')).body;
    expect(deposits).toHaveLength(3);
    const stored = await setup.app.db('receipt_files').select('content_type', 'sha256');
    expect(stored.map((row) => row.content_type).sort()).toEqual(['application/pdf', 'image/jpeg', 'image/png']);
    expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.sha256))).toBe(true);
  });

  it('judges the file by its bytes (415) and its size (413)', async () => {
    const investor = await signUpInvestor(setup.app);
    const fields = { email: investor.payload.email, amount: 100 };
    const disguised = await uploadReceipt(investor.client, fields, sampleFiles.text(), { name: 'receipt.pdf' });
    expect(disguised.status).toBe(415);
    const huge = Buffer.concat([sampleFiles.png(), Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await uploadReceipt(investor.client, fields, huge);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toEqual({ message: 'The receipt must be at most 10 MB' });
    expect(await setup.app.db('deposits').where({ user_id: investor.user.id }).count('* as n').first()).toEqual({
      n: 0,
    });
  });

  it('checks amount, e-mail and plan range', async () => {
    const investor = await signUpInvestor(setup.app);
    const email = investor.payload.email;
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ email, amount: 49.99 }, 400, 'Error uploading receipt'],
      [{ email, amount: '50.001' }, 400, 'Error uploading receipt'],
      [{ email, amount: '-60' }, 400, 'Error uploading receipt'],
      [{ email, amount: 'NaN' }, 400, 'Error uploading receipt'],
      [{ email: 'someone.else@example.com', amount: 60 }, 400, 'The email must be the one you signed in with'],
      [{ email, amount: 1000, planName: 'Sonic' }, 400, 'The Sonic plan takes between $50 and $999'],
      [{ email, amount: 100, planId: 99 }, 400, 'Unknown plan'],
    ];
    for (const [fields, status, message] of cases) {
      const response = await uploadReceipt(investor.client, fields as never);
      expect(response.status, JSON.stringify(fields)).toBe(status);
      expect(response.body.message).toBe(message);
    }
    const missingFile = await investor.client.request('POST', '/api/upload-receipt', {
      body: (() => {
        const f = new FormData();
        f.set('email', email);
        f.set('amount', '60');
        return f;
      })(),
    });
    expect(missingFile.body).toEqual({ message: 'Please provide both a file and an email' });
    const withPlan = await uploadReceipt(investor.client, { email, amount: 999, planName: 'sonic' });
    expect(withPlan.body.deposit.planName).toBe('Sonic');
  });

  it('says which rule a deposit amount breaks, the same for a receipt and an on-chain quote', async () => {
    const investor = await signUpInvestor(setup.app);
    const email = investor.payload.email;
    const maximum = 'One deposit can be at most $1,000,000.';
    const cases: Array<[string | number, string]> = [
      ['99999999999999', maximum],
      [99_999_999_999_999, maximum],
      ['1000000.01', maximum],
      ['12.345', 'Enter the amount with at most two decimals (cents), e.g. 150.25.'],
      ['50.001', 'Enter the amount with at most two decimals (cents), e.g. 150.25.'],
      ['49.99', 'Please enter a valid deposit amount (minimum $50).'],
      ['-60', 'Please enter a valid deposit amount (minimum $50).'],
      ['12,50', 'Enter the amount in dollars, e.g. 150 or 150.25.'],
      ['1e3', 'Enter the amount in dollars, e.g. 150 or 150.25.'],
    ];
    for (const [amount, message] of cases) {
      const receipt = await uploadReceipt(investor.client, { email, amount });
      expect([receipt.status, receipt.body], String(amount)).toEqual([
        400,
        { message: 'Error uploading receipt', errors: { amount: message } },
      ]);
      const quote = await investor.client.post('/api/deposit-quotes', { amount, coin: 'bitcoin' });
      expect([quote.status, quote.body.errors], String(amount)).toEqual([400, { amount: message }]);
    }
    // Both ends of the range are taken.
    for (const amount of ['50', '1000000', '000999999.99'])
      expect((await uploadReceipt(investor.client, { email, amount })).status, amount).toBe(201);
    expect(await setup.app.db('deposits').where({ user_id: investor.user.id }).count('* as n').first()).toEqual({
      n: 3,
    });
  });

  it('records one deposit for racing replays of a key: the others get it back, or 409 to try again', async () => {
    const investor = await signUpInvestor(setup.app);
    const fields = { email: investor.payload.email, amount: 75 };
    const file = sampleFiles.png();
    const key = { idempotencyKey: 'receipt-key-0001' };
    const replies = await Promise.all(
      Array.from({ length: 4 }, () => uploadReceipt(investor.client, fields, file, key)),
    );
    const created = replies.filter((reply) => reply.status === 201);
    expect(created).toHaveLength(1);
    for (const reply of replies.filter((each) => each.status !== 201)) {
      if (reply.status === 200) {
        expect(reply.body).toEqual(created[0]!.body);
        expect(reply.headers.get('idempotent-replayed')).toBe('true');
      } else {
        expect(reply.status).toBe(409);
        expect(reply.headers.get('retry-after')).toBe('2');
      }
    }
    expect(await setup.app.db('deposits').where({ user_id: investor.user.id }).count('* as n').first()).toEqual({
      n: 1,
    });
    // The answer to the first attempt was lost: its replay later gets it back.
    const later = await uploadReceipt(investor.client, fields, file, key);
    expect(later.status).toBe(200);
    expect(later.headers.get('idempotent-replayed')).toBe('true');
    expect(later.body).toEqual(created[0]!.body);
  });

  it('keeps nothing of a refused upload, so its key can carry the corrected one', async () => {
    const investor = await signUpInvestor(setup.app);
    const email = investor.payload.email;
    const key = { idempotencyKey: 'receipt-key-refused' };
    expect((await uploadReceipt(investor.client, { email, amount: 100 }, sampleFiles.text(), key)).status).toBe(415);
    expect((await uploadReceipt(investor.client, { email, amount: 40 }, sampleFiles.png(), key)).status).toBe(400);
    expect(
      (await uploadReceipt(investor.client, { email, amount: 1000, planName: 'Sonic' }, sampleFiles.png(), key)).status,
    ).toBe(400);
    expect(
      await setup.app.db('idempotent_requests').where({ user_id: investor.user.id }).count('* as n').first(),
    ).toEqual({ n: 0 });
    expect(await setup.app.db('deposits').where({ user_id: investor.user.id }).count('* as n').first()).toEqual({
      n: 0,
    });
    expect((await uploadReceipt(investor.client, { email, amount: 100 }, sampleFiles.png(), key)).status).toBe(201);
  });

  it('refuses an idempotency key reused for a different request (422), per user, creating nothing', async () => {
    const investor = await signUpInvestor(setup.app);
    const email = investor.payload.email;
    const file = sampleFiles.jpeg();
    const key = { idempotencyKey: 'receipt-key-reuse-1' };
    const first = await uploadReceipt(investor.client, { email, amount: 120, coin: 'bitcoin' }, file, key);
    expect(first.status).toBe(201);
    const different: Array<[Parameters<typeof uploadReceipt>[1], Buffer]> = [
      [{ email, amount: 130, coin: 'bitcoin' }, file],
      [{ email, amount: 120, coin: 'ethereum' }, file],
      [{ email, amount: 120, coin: 'bitcoin', planName: 'Sonic' }, file],
      [{ email, amount: 120, coin: 'bitcoin' }, sampleFiles.jpeg()],
    ];
    for (const [fields, bytes] of different) {
      const reused = await uploadReceipt(investor.client, fields, bytes, key);
      expect(reused.status, JSON.stringify(fields)).toBe(422);
      expect(reused.body).toEqual({ message: 'This Idempotency-Key was already used for a different request' });
    }
    const replay = await uploadReceipt(investor.client, { email, amount: '120.00', coin: 'Bitcoin' }, file, key);
    expect(replay.status).toBe(200);
    expect(replay.body.deposit.id).toBe(first.body.deposit.id);
    expect(await setup.app.db('deposits').where({ user_id: investor.user.id }).count('* as n').first()).toEqual({
      n: 1,
    });

    const other = await signUpInvestor(setup.app);
    const theirs = await uploadReceipt(
      other.client,
      { email: other.payload.email, amount: 999 },
      sampleFiles.png(),
      key,
    );
    expect(theirs.status).toBe(201);
    expect(theirs.body.deposit.id).not.toBe(first.body.deposit.id);
  });

  it('shows admins every receipt with its uploader, and flags a proof uploaded before', async () => {
    const first = await signUpInvestor(setup.app);
    const second = await signUpInvestor(setup.app);
    const proof = sampleFiles.pdf();
    const original = await uploadReceipt(first.client, { email: first.payload.email, amount: 200 }, proof);
    const copy = await uploadReceipt(second.client, { email: second.payload.email, amount: 200 }, proof);
    const receipts = (await setup.admin.get('/api/admin/receipts?status=pending&pageSize=100')).body.receipts as Array<
      Record<string, unknown>
    >;
    const copied = receipts.find((receipt) => receipt.id === copy.body.deposit.id);
    const originalRow = receipts.find((receipt) => receipt.id === original.body.deposit.id);
    expect(copied).toMatchObject({
      user: { id: second.user.id, email: second.payload.email },
      amount: 200,
      status: 'pending',
      duplicateOf: original.body.deposit.id,
    });
    expect(originalRow).not.toHaveProperty('duplicateOf');
    const file = await setup.admin.get(`/api/admin/receipts/${original.body.deposit.id}/file`);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="receipt-.+\.pdf"$/);
    expect(file.headers.get('content-type')).toBe('application/pdf');
  });

  it('credits once when three confirms race; a decided receipt cannot change again (409)', async () => {
    const investor = await signUpInvestor(setup.app);
    const upload = await uploadReceipt(investor.client, { email: investor.payload.email, amount: '120.50' });
    const id = upload.body.deposit.id;
    const confirms = await Promise.all([1, 2, 3].map(() => setup.admin.post(`/api/admin/confirm-receipt/${id}`)));
    expect(confirms.map((reply) => reply.status).sort()).toEqual([200, 409, 409]);
    expect(confirms.find((reply) => reply.status === 200)?.body).toEqual({ message: 'Receipt confirmed' });
    const dashboard = (await investor.client.get('/api/dashboard')).body;
    expect(dashboard.balances).toMatchObject({ accountBalance: 120.5, totalDeposit: 120.5 });
    expect((await setup.admin.post(`/api/admin/reject-receipt/${id}`, { reason: 'late' })).status).toBe(409);
    const entries = await setup.app
      .db('ledger_entries as e')
      .join('ledger_transactions as t', 't.id', 'e.transaction_id')
      .where('t.idempotency_key', `deposit:${id}`);
    expect(entries).toHaveLength(2);
  });

  it('rejects with a reason and credits nothing', async () => {
    const investor = await signUpInvestor(setup.app);
    const upload = await uploadReceipt(investor.client, { email: investor.payload.email, amount: 80 });
    const id = upload.body.deposit.id;
    expect((await setup.admin.post(`/api/admin/reject-receipt/${id}`, {})).status).toBe(400);
    expect(
      (await setup.admin.post(`/api/admin/reject-receipt/${id}`, { reason: 'Amount does not match the transfer' }))
        .status,
    ).toBe(200);
    expect((await setup.admin.post(`/api/admin/confirm-receipt/${id}`)).status).toBe(409);
    const { deposits } = (await investor.client.get('/api/deposits')).body;
    expect(deposits[0]).toMatchObject({ status: 'rejected', rejectReason: 'Amount does not match the transfer' });
    expect((await investor.client.get('/api/dashboard')).body.balances.accountBalance).toBe(0);
    const audit = await setup.app.db('audit_log').where({ action: 'receipt.reject', subject_id: id }).first();
    expect(audit.after).toEqual({ status: 'rejected', reason: 'Amount does not match the transfer' });
  });
});
