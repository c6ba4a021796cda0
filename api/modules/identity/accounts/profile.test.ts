import { describe, expect, it } from 'vitest';
import { lastMailTo, signUpInvestor } from '../../../test/fixtures';
import { useTestApp } from '../../../test/test-app';

describe('profile and password', () => {
  const app = useTestApp();

  it('updates profile and withdrawer details, account number included', async () => {
    const { client } = await signUpInvestor(app);
    const details = {
      firstName: 'Grace',
      address: '12 Harbour Road',
      country: 'FR',
      phoneNumber: '06 12 34 56 78',
      bankName: 'Example Bank',
      accountName: 'Grace Hopper',
      accountNumber: 'FR7630006000011234567890189',
      swiftCode: 'agrifrpp',
      bitcoinAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      ethereumAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
      usdtAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    };
    const response = await client.put('/api/update-profile', details);
    expect(response.status).toBe(200);
    const { user } = (await client.get('/api/user')).body;
    expect(user).toMatchObject({ ...details, phoneNumber: '+33612345678', swiftCode: 'AGRIFRPP' });
  });

  it('rejects bad payout addresses and unknown fields with per-field errors', async () => {
    const { client } = await signUpInvestor(app);
    const response = await client.put('/api/update-profile', {
      bitcoinAddress: 'not-btc',
      ethereumAddress: '0x12',
      usdtAddress: 'T1',
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors).sort()).toEqual(['bitcoinAddress', 'ethereumAddress', 'usdtAddress']);
    expect((await client.put('/api/update-profile', { role: 'admin' })).status).toBe(400);
  });

  it('changes only the caller’s own record', async () => {
    const first = await signUpInvestor(app);
    const second = await signUpInvestor(app);
    await first.client.put('/api/update-profile', { firstName: 'Changed', email: first.payload.email });
    const other = (await second.client.get('/api/user')).body.user;
    expect(other.firstName).toBe('Ada');
  });

  it('re-verifies a changed e-mail and refuses one already taken', async () => {
    const first = await signUpInvestor(app);
    const second = await signUpInvestor(app);
    const currentPassword = first.payload.password;
    const taken = await first.client.put('/api/update-profile', { email: second.payload.email, currentPassword });
    expect(taken.body).toEqual({ message: 'Email is already registered' });
    const changed = await first.client.put('/api/update-profile', {
      email: 'New.Address@Example.com',
      currentPassword,
    });
    expect(changed.body.user).toMatchObject({ email: 'new.address@example.com', emailVerified: false });
    expect((await lastMailTo(app, 'new.address@example.com'))?.body).toMatch(/\d{6}/);
  });

  it('changes the password after checking the old one, ending the other sessions', async () => {
    const { client, payload } = await signUpInvestor(app);
    const other = app.client((await app.client().post('/api/signin', payload)).body.token);
    const change = {
      email: payload.email,
      oldPassword: payload.password,
      newPassword: 'a brand new secret',
      confirmPassword: 'a brand new secret',
    };
    const wrongOld = await client.post('/api/update-password', { ...change, oldPassword: 'not it at all' });
    expect(wrongOld.body.message).toBe('Current password is incorrect');
    const mismatch = await client.post('/api/update-password', { ...change, confirmPassword: 'something else' });
    expect(mismatch.body.message).toBe('Passwords do not match');
    const notMine = await client.post('/api/update-password', { ...change, email: 'someone@example.com' });
    expect(notMine.status).toBe(400);
    expect((await client.post('/api/update-password', change)).status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(200);
    expect((await other.get('/api/user')).status).toBe(401);
    const signin = await app.client().post('/api/signin', { email: payload.email, password: 'a brand new secret' });
    expect(signin.status).toBe(200);
  });
});
