import { describe, expect, it } from 'vitest';
import { contactLimits } from '../../contracts/contact';
import { signUpInvestor, useAdminApp } from '../../test/fixtures';

const validMessage = (overrides: Record<string, unknown> = {}) => ({
  fullName: 'Grace Hopper',
  email: 'Grace.Hopper@Example.com',
  budget: '$5,000 - $10,000',
  subject: 'Investment',
  message: 'I would like to hear more about the mining plans.',
  ...overrides,
});

describe('contact form', () => {
  const setup = useAdminApp({ env: { RATE_LIMITS: 'on' } });

  it('stores a message and lists it for admins, newest first, page by page', async () => {
    const before = (await setup.admin.get('/api/admin/messages')).body.total as number;
    const sent = [
      validMessage({ fullName: 'First' }),
      validMessage({ fullName: 'Second', subject: '' }),
      { message: 'Only a message' },
    ];
    for (const message of sent) {
      const response = await setup.app.client().post('/api/submit-form', message);
      expect(response.status).toBe(201);
      expect(response.body).toEqual({ message: 'Thank you! Your message has been received.' });
      setup.app.clock.advance(1_000);
    }

    const firstPage = await setup.admin.get('/api/admin/messages?page=1&pageSize=2');
    expect(firstPage.status).toBe(200);
    expect(firstPage.body).toMatchObject({ total: before + 3, page: 1, pageSize: 2 });
    expect(firstPage.body.messages).toHaveLength(2);
    const [newest, second] = firstPage.body.messages;
    expect(newest).toEqual({
      id: expect.any(Number),
      fullName: '',
      email: '',
      budget: '',
      subject: '',
      message: 'Only a message',
      createdAt: expect.any(String),
    });
    expect(second).toMatchObject({
      fullName: 'Second',
      subject: '',
      email: 'grace.hopper@example.com',
      budget: '$5,000 - $10,000',
    });
    expect(Date.parse(newest.createdAt)).toBeGreaterThan(Date.parse(second.createdAt));

    const secondPage = await setup.admin.get('/api/admin/messages?page=2&pageSize=2');
    expect(secondPage.body.messages[0]).toMatchObject({
      fullName: 'First',
      subject: 'Investment',
      message: validMessage().message,
    });
  });

  it('shows the messages to admins only', async () => {
    const { client: investor } = await signUpInvestor(setup.app);
    expect((await investor.get('/api/admin/messages')).status).toBe(403);
    expect((await setup.app.client().get('/api/admin/messages')).status).toBe(401);
    expect((await setup.admin.get('/api/admin/messages?pageSize=1000')).status).toBe(400);
  });

  it.each([
    ['no message', validMessage({ message: undefined }), 'message'],
    ['a blank message', validMessage({ message: '   ' }), 'message'],
    ['an invalid e-mail', validMessage({ email: 'not-an-email' }), 'email'],
    ['an unknown subject', validMessage({ subject: 'Complaint' }), 'subject'],
    ['a too long name', validMessage({ fullName: 'x'.repeat(contactLimits.fullName + 1) }), 'fullName'],
    ['a too long budget', validMessage({ budget: 'x'.repeat(contactLimits.budget + 1) }), 'budget'],
    ['a too long message', validMessage({ message: 'x'.repeat(contactLimits.message + 1) }), 'message'],
    ['a number for a name', validMessage({ fullName: 42 }), 'fullName'],
  ])('refuses %s with 400 and a field error', async (_, payload, field) => {
    const response = await setup.app.client().post('/api/submit-form', payload);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Please correct the highlighted fields');
    expect(response.body.errors).toHaveProperty(field);
  });

  it('refuses a body that is not an object', async () => {
    const response = await setup.app.client().post('/api/submit-form', ['hello']);
    expect(response.status).toBe(400);
    expect(response.body.errors).toBeDefined();
  });

  it('limits one address to 5 messages in 10 minutes', async () => {
    const sender = setup.app.client();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await sender.post('/api/submit-form', validMessage())).status).toBe(201);
    }
    const refused = await sender.post('/api/submit-form', validMessage());
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await setup.app.client().post('/api/submit-form', validMessage())).status).toBe(201);
  });
});
