import { describe, expect, it } from 'vitest';
import { signInAdmin, signUpInvestor, useAdminApp } from '../../test/fixtures';
import { fundInvestor, sampleFiles } from '../../test/receipts';
import { defaultKycLimits } from '../../contracts/kyc-limits';
import type { TestApp } from '../../test/test-app';
import { eraseKycData, kycExportOf } from './kyc.api';
import type { TestClient } from '../../test/test-client';

const validFields = {
  legalName: 'Ada King Lovelace',
  dateOfBirth: '1990-12-10',
  country: 'GB',
  documentType: 'passport',
  documentNumber: 'P1234567',
};

type Images = { documentFront?: Buffer; documentBack?: Buffer; selfie?: Buffer };

const realImages = (): Images => ({
  documentFront: sampleFiles.jpeg(),
  documentBack: sampleFiles.png(),
  selfie: sampleFiles.jpeg(),
});

function submitKyc(
  client: TestClient,
  fields: Record<string, string> = validFields,
  images: Images = realImages(),
  options: { idempotencyKey?: string; names?: Partial<Record<keyof Images, string>> } = {},
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  for (const [field, bytes] of Object.entries(images))
    if (bytes)
      form.set(
        field,
        new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }),
        options.names?.[field as keyof Images] ?? `${field}.jpg`,
      );
  const headers: Record<string, string> = options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {};
  return client.request('POST', '/api/kyc', { body: form, headers });
}

/** An investor with a verified e-mail, as level 0 requires. */
async function verifiedInvestor(app: TestApp) {
  const investor = await signUpInvestor(app);
  await app.db('users').where({ id: investor.user.id }).update({ email_verified_at: new Date() });
  return investor;
}

/** What an upload left in the database for the investor. */
async function leftBehind(app: TestApp, userId: string) {
  const count = async (table: string, where: Record<string, unknown>) =>
    Number((await app.db(table).where(where).count<{ n: string }[]>('* as n'))[0]!.n);
  const submissions = await app.db('kyc_submissions').where({ user_id: userId }).pluck('id');
  return {
    submissions: submissions.length,
    documents: submissions.length
      ? Number((await app.db('kyc_documents').whereIn('submission_id', submissions).count('* as n'))[0]!.n)
      : 0,
    keys: await count('idempotent_requests', { user_id: userId }),
  };
}

async function fetchDocument(app: TestApp, token: string | undefined, id: string, kind: string) {
  const response = await fetch(`${app.url}/api/admin/kyc/${id}/documents/${kind}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

const submissionIdOf = async (app: TestApp, userId: string) =>
  (await app.db('kyc_submissions').where({ user_id: userId }).orderBy('created_at', 'desc').first('id'))!.id as string;

describe('identity checks (KYC)', () => {
  const setup = useAdminApp({ operator: { kycLimits: defaultKycLimits } });

  it('takes a submission with three real images and shows it pending at level 0', async () => {
    const investor = await verifiedInvestor(setup.app);
    const before = await investor.client.get('/api/kyc');
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ level: 0, emailVerified: true, submission: null });

    const sent = await submitKyc(investor.client);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.submission).toMatchObject({ status: 'pending', reason: null });

    const after = (await investor.client.get('/api/kyc')).body;
    expect(after).toMatchObject({ level: 0, submission: { status: 'pending', reason: null } });
    expect(JSON.stringify(after)).not.toContain('P1234567');

    const stored = await setup.app
      .db('kyc_documents')
      .where({ submission_id: await submissionIdOf(setup.app, investor.user.id) })
      .orderBy('kind')
      .select('kind', 'content_type', 'size_bytes');
    expect(stored.map((row) => [row.kind, row.content_type])).toEqual([
      ['document_back', 'image/png'],
      ['document_front', 'image/jpeg'],
      ['selfie', 'image/jpeg'],
    ]);
  });

  it('refuses a PDF or an HTML page named as an image (415), and leaves nothing behind', async () => {
    const investor = await verifiedInvestor(setup.app);
    const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
    for (const images of [
      { ...realImages(), documentFront: sampleFiles.pdf() },
      { ...realImages(), selfie: html },
      { ...realImages(), documentBack: sampleFiles.text() },
    ]) {
      const refused = await submitKyc(investor.client, validFields, images, { idempotencyKey: crypto.randomUUID() });
      expect(refused.status).toBe(415);
      expect(refused.body.message).toMatch(/must be a JPEG or PNG photo/);
    }
    expect(await leftBehind(setup.app, investor.user.id)).toEqual({ submissions: 0, documents: 0, keys: 0 });
  });

  it('refuses an image over 8 MB (413) and a missing image (400), leaving nothing behind', async () => {
    const investor = await verifiedInvestor(setup.app);
    const huge = Buffer.concat([sampleFiles.jpeg(), Buffer.alloc(8 * 1024 * 1024)]);
    const tooBig = await submitKyc(investor.client, validFields, { ...realImages(), selfie: huge });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toEqual({ message: 'Each image must be at most 8 MB' });
    const justUnder = Buffer.concat([sampleFiles.jpeg(), Buffer.alloc(8 * 1024 * 1024 - 200)]);
    const missing = await submitKyc(investor.client, validFields, {
      documentFront: justUnder,
      selfie: sampleFiles.png(),
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ documentBack: 'Add this image' });
    expect(await leftBehind(setup.app, investor.user.id)).toEqual({ submissions: 0, documents: 0, keys: 0 });
    // An image just under the limit is taken.
    const taken = await submitKyc(investor.client, validFields, { ...realImages(), selfie: justUnder });
    expect(taken.status).toBe(201);
  });

  it('checks the fields: adult on the day, a real country and date, a known document type', async () => {
    const investor = await verifiedInvestor(setup.app);
    const now = setup.app.deps.clock.now();
    const eighteenTomorrow = new Date(Date.UTC(now.getUTCFullYear() - 18, now.getUTCMonth(), now.getUTCDate() + 1))
      .toISOString()
      .slice(0, 10);
    const cases: Array<[Record<string, string>, string]> = [
      [{ ...validFields, dateOfBirth: eighteenTomorrow }, 'dateOfBirth'],
      [{ ...validFields, dateOfBirth: '1990-02-30' }, 'dateOfBirth'],
      [{ ...validFields, country: 'XX' }, 'country'],
      [{ ...validFields, country: 'United Kingdom' }, 'country'],
      [{ ...validFields, documentType: 'library_card' }, 'documentType'],
      [{ ...validFields, legalName: 'A' }, 'legalName'],
      [{ ...validFields, documentNumber: '<script>' }, 'documentNumber'],
    ];
    for (const [fields, field] of cases) {
      const refused = await submitKyc(investor.client, fields);
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect(Object.keys(refused.body.errors ?? {}), JSON.stringify(refused.body)).toContain(field);
    }
    expect(await leftBehind(setup.app, investor.user.id)).toEqual({ submissions: 0, documents: 0, keys: 0 });
    // Eighteen today is old enough; the country code is read in either case.
    const eighteenToday = new Date(Date.UTC(now.getUTCFullYear() - 18, now.getUTCMonth(), now.getUTCDate()))
      .toISOString()
      .slice(0, 10);
    const adult = await submitKyc(investor.client, { ...validFields, dateOfBirth: eighteenToday, country: 'gb' });
    expect(adult.status, JSON.stringify(adult.body)).toBe(201);
  });

  it('asks for a verified e-mail first (409)', async () => {
    const investor = await signUpInvestor(setup.app);
    expect((await investor.client.get('/api/kyc')).body).toMatchObject({ level: 0, emailVerified: false });
    const refused = await submitKyc(investor.client);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('email_unverified');
    expect(await leftBehind(setup.app, investor.user.id)).toEqual({ submissions: 0, documents: 0, keys: 0 });
  });

  it('keeps one open submission at a time, even sent twice at once, and replays an Idempotency-Key', async () => {
    const investor = await verifiedInvestor(setup.app);
    const key = crypto.randomUUID();
    const images = realImages();
    const first = await submitKyc(investor.client, validFields, images, { idempotencyKey: key });
    expect(first.status).toBe(201);
    const replay = await submitKyc(investor.client, validFields, images, { idempotencyKey: key });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect((await submitKyc(investor.client)).status).toBe(409);

    const other = await verifiedInvestor(setup.app);
    const racing = await Promise.all([submitKyc(other.client), submitKyc(other.client), submitKyc(other.client)]);
    expect(racing.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    expect((await leftBehind(setup.app, other.user.id)).submissions).toBe(1);
  });

  it('never shows documents to an investor, not even their own; an admin sees them sandboxed', async () => {
    const investor = await verifiedInvestor(setup.app);
    const images = realImages();
    expect((await submitKyc(investor.client, validFields, images)).status).toBe(201);
    const id = await submissionIdOf(setup.app, investor.user.id);
    for (const kind of ['documentFront', 'documentBack', 'selfie']) {
      expect((await fetchDocument(setup.app, investor.client.token, id, kind)).status).toBe(403);
      expect((await fetchDocument(setup.app, undefined, id, kind)).status).toBe(401);
    }
    expect((await investor.client.get(`/api/admin/kyc/${id}`)).status).toBe(403);
    expect((await investor.client.get('/api/admin/kyc?status=pending')).status).toBe(403);

    const front = await fetchDocument(setup.app, setup.admin.token, id, 'documentFront');
    expect(front.status).toBe(200);
    expect(front.bytes.equals(images.documentFront!)).toBe(true);
    expect(front.headers.get('content-type')).toBe('image/jpeg');
    expect(front.headers.get('content-security-policy')).toMatch(/^sandbox/);
    expect(front.headers.get('x-content-type-options')).toBe('nosniff');
    expect(front.headers.get('cache-control')).toBe('private, no-store');
    expect(front.headers.get('content-disposition')).toMatch(/^inline; filename="documentFront-/);
    const back = await fetchDocument(setup.app, setup.admin.token, id, 'documentBack');
    expect(back.headers.get('content-type')).toBe('image/png');
    expect((await fetchDocument(setup.app, setup.admin.token, id, 'passport')).status).toBe(404);
  });

  it('lists the queue for admins, approves once: two admins at once get one 200 and one 409', async () => {
    const investor = await verifiedInvestor(setup.app);
    expect((await submitKyc(investor.client)).status).toBe(201);
    const id = await submissionIdOf(setup.app, investor.user.id);

    const queue = await setup.admin.get('/api/admin/kyc?status=pending&pageSize=100');
    expect(queue.status).toBe(200);
    const listed = queue.body.submissions.find((row: { id: string }) => row.id === id);
    expect(listed).toMatchObject({
      status: 'pending',
      userEmail: investor.payload.email.toLowerCase(),
      legalName: 'Ada King Lovelace',
      dateOfBirth: '1990-12-10',
      country: 'GB',
      documentType: 'passport',
      documents: ['documentBack', 'documentFront', 'selfie'],
    });
    expect(queue.body.total).toBeGreaterThanOrEqual(1);
    expect((await setup.admin.get(`/api/admin/kyc/${id}`)).body.submission.id).toBe(id);

    const second = await signInAdmin(setup.app);
    const answers = await Promise.all([
      setup.admin.post(`/api/admin/kyc/${id}/approve`),
      second.client.post(`/api/admin/kyc/${id}/approve`),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    // A reject after the approval is refused too.
    expect((await second.client.post(`/api/admin/kyc/${id}/reject`, { reason: 'Too late' })).status).toBe(409);

    expect((await investor.client.get('/api/kyc')).body).toMatchObject({
      level: 1,
      submission: { status: 'approved', reason: null },
    });
    expect((await setup.admin.get(`/api/admin/users/${investor.user.id}/kyc`)).body).toEqual({
      level: 1,
      submission: {
        id,
        status: 'approved',
        reason: null,
        submittedAt: expect.any(String),
        decidedAt: expect.any(String),
      },
    });
    expect((await investor.client.get(`/api/admin/users/${investor.user.id}/kyc`)).status).toBe(403);
    const audits = await setup.app.db('audit_log').where({ subject_type: 'kyc_submission', subject_id: id });
    expect(audits.map((row) => row.action)).toEqual(['kyc.approve']);
    const notices = await setup.app.db('notifications').where({ user_id: investor.user.id, kind: 'kyc.approved' });
    expect(notices).toHaveLength(1);
    // Approval is final.
    const again = await submitKyc(investor.client);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('kyc_approved');
  });

  it('rejects with a reason (3..500 characters); a resubmission rejected again removes the first images', async () => {
    const investor = await verifiedInvestor(setup.app);
    expect((await submitKyc(investor.client)).status).toBe(201);
    const firstId = await submissionIdOf(setup.app, investor.user.id);

    for (const reason of ['', 'no', 'x'.repeat(501)])
      expect((await setup.admin.post(`/api/admin/kyc/${firstId}/reject`, { reason })).status).toBe(400);
    const rejected = await setup.admin.post(`/api/admin/kyc/${firstId}/reject`, { reason: 'The photo is blurred' });
    expect(rejected.status).toBe(200);
    expect((await investor.client.get('/api/kyc')).body).toMatchObject({
      level: 0,
      submission: { status: 'rejected', reason: 'The photo is blurred' },
    });
    const notice = await setup.app
      .db('notifications')
      .where({ user_id: investor.user.id, kind: 'kyc.rejected' })
      .first('params');
    expect(notice.params).toMatchObject({ reason: 'The photo is blurred' });
    // The first images stay while the resubmission is reviewed.
    expect((await submitKyc(investor.client)).status).toBe(201);
    const secondId = await submissionIdOf(setup.app, investor.user.id);
    expect(secondId).not.toBe(firstId);
    const documentsOf = async (id: string) =>
      Number((await setup.app.db('kyc_documents').where({ submission_id: id }).count('* as n'))[0]!.n);
    expect(await documentsOf(firstId)).toBe(3);

    expect(
      (await setup.admin.post(`/api/admin/kyc/${secondId}/reject`, { reason: 'Name does not match' })).status,
    ).toBe(200);
    expect(await documentsOf(firstId)).toBe(0);
    expect(await documentsOf(secondId)).toBe(3);
    expect((await fetchDocument(setup.app, setup.admin.token, firstId, 'selfie')).status).toBe(404);
    const first = (await setup.admin.get(`/api/admin/kyc/${firstId}`)).body.submission;
    expect(first).toMatchObject({ status: 'rejected', documents: [] });
    expect(first.documentsRemovedAt).not.toBeNull();
    const removal = await setup.app
      .db('audit_log')
      .where({ subject_type: 'kyc_submission', subject_id: firstId, action: 'kyc.documents_remove' })
      .first('after');
    expect(removal.after).toMatchObject({ documents: 3, reason: 'rejected after resubmission' });
  });

  it('answers the limits and their use, and the approval releases held deposits in its transaction', async () => {
    const investor = await verifiedInvestor(setup.app);
    await fundInvestor(setup.app, investor, setup.admin, 1_000);
    await fundInvestor(setup.app, investor, setup.admin, 500); // over the $1,000: held
    const before = (await investor.client.get('/api/kyc')).body;
    expect(before).toMatchObject({
      level: 0,
      limits: { deposit: { limit: 1_000, used: 1_000 }, withdrawal: { limit: 500, used: 0 } },
    });
    const held = () => setup.app.db('fund_holds').where({ user_id: investor.user.id }).first('released_at');
    expect((await held()).released_at).toBeNull();

    expect((await submitKyc(investor.client)).status).toBe(201);
    const id = await submissionIdOf(setup.app, investor.user.id);
    expect((await setup.admin.post(`/api/admin/kyc/${id}/approve`)).status).toBe(200);
    expect((await held()).released_at).not.toBeNull();
    expect((await investor.client.get('/api/kyc')).body).toMatchObject({
      level: 1,
      limits: { deposit: { limit: 50_000, used: 1_500 }, withdrawal: { limit: 25_000, used: 0 } },
    });
  });

  it('exports the status and fields without images, and erasure deletes every image and blanks the fields', async () => {
    const investor = await verifiedInvestor(setup.app);
    expect((await submitKyc(investor.client)).status).toBe(201);
    const firstId = await submissionIdOf(setup.app, investor.user.id);
    await setup.admin.post(`/api/admin/kyc/${firstId}/reject`, { reason: 'The photo is blurred' });
    expect((await submitKyc(investor.client)).status).toBe(201);

    const exported = await kycExportOf(setup.app.db, investor.user.id);
    expect(exported.level).toBe(0);
    expect(exported.submissions.map((row) => [row.status, row.legalName, row.reason])).toEqual([
      ['rejected', 'Ada King Lovelace', 'The photo is blurred'],
      ['pending', 'Ada King Lovelace', null],
    ]);
    expect(JSON.stringify(exported)).not.toMatch(/data|sha256|image/i);

    const erased = await setup.app.db.transaction((trx) => eraseKycData(trx, investor.user.id));
    expect(erased).toEqual({ submissions: 2, documents: 6 });
    const rows = await setup.app.db('kyc_submissions').where({ user_id: investor.user.id });
    expect(
      rows.map((row) => [row.legal_name, row.date_of_birth, row.country, row.document_number, row.reason]),
    ).toEqual([
      [null, null, null, null, null],
      [null, null, null, null, null],
    ]);
    expect(rows.every((row) => row.erased_at && row.documents_removed_at)).toBe(true);
    const ids = rows.map((row) => row.id);
    expect(Number((await setup.app.db('kyc_documents').whereIn('submission_id', ids).count('* as n'))[0]!.n)).toBe(0);
    const audit = await setup.app
      .db('audit_log')
      .where({ action: 'kyc.documents_remove', subject_type: 'user', subject_id: investor.user.id })
      .first('after');
    expect(audit.after).toMatchObject({ documents: 6, reason: 'account erased' });
  });

  it('rejects hostile ids and an unknown submission without a 5xx', async () => {
    expect((await setup.admin.post('/api/admin/kyc/not-a-uuid/approve')).status).toBe(404);
    expect((await setup.admin.post(`/api/admin/kyc/${crypto.randomUUID()}/approve`)).status).toBe(404);
    expect((await setup.admin.get('/api/admin/kyc?status=everything')).status).toBe(400);
  });
});
