import { describe, expect, it } from 'vitest';
import { signUpInvestor } from '../../../test/fixtures';
import { useTestApp } from '../../../test/test-app';

// Profile edits replayed by the PWA's outbox carry an Idempotency-Key: a replay is answered, never applied again.
describe('PUT /api/update-profile with an Idempotency-Key', () => {
  const app = useTestApp();

  const withKey = (key: string) => ({ headers: { 'idempotency-key': key } });
  const mailsTo = async (address: string) => {
    await app.deps.background.settled();
    return Number((await app.db('mail_outbox').where({ to_address: address }).count('* as n').first())!.n);
  };

  it('answers a replay with the first answer without applying the edit a second time', async () => {
    const { client } = await signUpInvestor(app);
    const first = await client.put(
      '/api/update-profile',
      { firstName: 'Offline', bankName: 'First Bank' },
      withKey('profile-edit-0001'),
    );
    expect(first.status).toBe(200);
    // A later edit from another tab; the replay of the first must not undo it.
    expect((await client.put('/api/update-profile', { bankName: 'Later Bank' })).status).toBe(200);

    const replay = await client.put(
      '/api/update-profile',
      { bankName: 'First Bank', firstName: 'Offline' },
      withKey('profile-edit-0001'),
    );
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((await client.get('/api/user')).body.user).toMatchObject({ firstName: 'Offline', bankName: 'Later Bank' });
  });

  it('refuses the same key with a different body (422, as deposits do), changing nothing', async () => {
    const { client } = await signUpInvestor(app);
    await client.put('/api/update-profile', { address: '1 First Street' }, withKey('profile-edit-0002'));
    const reused = await client.put('/api/update-profile', { address: '2 Other Street' }, withKey('profile-edit-0002'));
    expect(reused.status).toBe(422);
    expect(reused.body).toEqual({ message: 'This Idempotency-Key was already used for a different request' });
    expect((await client.get('/api/user')).body.user.address).toBe('1 First Street');
  });

  it('keeps keys per user: the same key and body from two investors is two edits, and each replay gets its own answer', async () => {
    const first = await signUpInvestor(app);
    const second = await signUpInvestor(app);
    // The same body too: a key shared across users would match the first investor's stored answer exactly.
    const edit = { lastName: 'Shared' };
    const firstAnswer = await first.client.put('/api/update-profile', edit, withKey('shared-key-0003'));
    expect(firstAnswer.status).toBe(200);
    const secondAnswer = await second.client.put('/api/update-profile', edit, withKey('shared-key-0003'));
    expect(secondAnswer.status).toBe(200);
    expect(secondAnswer.headers.get('idempotent-replayed')).toBeNull();
    expect(JSON.stringify(secondAnswer.body)).toContain(second.payload.email);
    expect(JSON.stringify(secondAnswer.body)).not.toContain(first.payload.email);
    expect((await second.client.get('/api/user')).body.user.lastName).toBe('Shared');

    // Each investor's replay is answered with their own first answer, never the other's.
    const firstReplay = await first.client.put('/api/update-profile', edit, withKey('shared-key-0003'));
    expect(firstReplay.headers.get('idempotent-replayed')).toBe('true');
    expect(firstReplay.body).toEqual(firstAnswer.body);
    const secondReplay = await second.client.put('/api/update-profile', edit, withKey('shared-key-0003'));
    expect(secondReplay.headers.get('idempotent-replayed')).toBe('true');
    expect(secondReplay.body).toEqual(secondAnswer.body);
  });

  it('lets a refused first attempt be sent again: a 4xx stores nothing under its key', async () => {
    const { client } = await signUpInvestor(app);
    const refused = await client.put('/api/update-profile', { bitcoinAddress: 'not-btc' }, withKey('refused-key-04'));
    expect(refused.status).toBe(400);
    const again = await client.put('/api/update-profile', { bitcoinAddress: 'not-btc' }, withKey('refused-key-04'));
    expect(again.status).toBe(400);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(
      Number((await app.db('idempotent_requests').where({ key: 'refused-key-04' }).count('* as n').first())!.n),
    ).toBe(0);
  });

  it('applies racing replays of one edit once: one e-mail change, one verification mail', async () => {
    const { client, payload } = await signUpInvestor(app);
    const newAddress = `raced.${Date.now().toString(36)}@example.com`;
    const body = { email: newAddress, currentPassword: payload.password };
    const answers = await Promise.all(
      [1, 2, 3].map(() => client.put('/api/update-profile', body, withKey('profile-race-0005'))),
    );
    const applied = answers.filter((answer) => answer.status === 200);
    expect(applied.length).toBeGreaterThanOrEqual(1);
    // Each other answer is the first one replayed, or "still being processed" (409, try again).
    for (const answer of answers) {
      if (answer.status === 200) expect(answer.body.user.email).toBe(newAddress);
      else expect(answer.status).toBe(409);
    }
    expect(
      answers.filter((answer) => answer.status === 200 && answer.headers.get('idempotent-replayed') !== 'true'),
    ).toHaveLength(1);
    expect(await mailsTo(newAddress)).toBe(1);

    const later = await client.put('/api/update-profile', body, withKey('profile-race-0005'));
    expect(later.status).toBe(200);
    expect(later.headers.get('idempotent-replayed')).toBe('true');
    expect(await mailsTo(newAddress)).toBe(1);
  });

  it('refuses a malformed key before doing anything', async () => {
    const { client } = await signUpInvestor(app);
    const answer = await client.put('/api/update-profile', { firstName: 'Nope' }, withKey('bad key!'));
    expect(answer.status).toBe(400);
    expect((await client.get('/api/user')).body.user.firstName).toBe('Ada');
  });
});
