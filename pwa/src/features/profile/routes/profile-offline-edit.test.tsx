import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../lib/offline/db';
import { outboxDrainer, resumeOutbox, setOutboxOwner } from '../../../lib/outbox/runner';
import type { InvestorProfile } from '../../../../../api/contracts/answers';
import { fakeApi } from '../../../test/fake-api';
import { renderPageWithQuery } from '../../../test/render-page';
import { UserProfilePage } from './user-profile-page';

const profile: InvestorProfile = {
  id: '1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phoneNumber: '+447700900123',
  country: 'GB',
  address: '1 Placeholder Street',
  referralCode: 'ADA123',
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  bankName: null,
  accountName: null,
  accountNumber: null,
  swiftCode: null,
  bitcoinAddress: null,
  ethereumAddress: null,
  usdtAddress: null,
  litecoinAddress: null,
  dogecoinAddress: null,
};
const setNavigatorOnline = (online: boolean) =>
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });

describe('a profile edit without a connection', () => {
  beforeEach(async () => {
    await Promise.all([db.outbox.clear(), db.personal.clear()]);
  });
  afterEach(() => setNavigatorOnline(true));

  it('offline: is queued with the device copy of the profile in one go, and says it will be sent', async () => {
    const api = fakeApi({ 'GET /api/user': { status: 200, body: { user: profile } } });
    renderPageWithQuery(<UserProfilePage />, { route: '/user-profile?tab=withdrawer' });
    const bank = await screen.findByLabelText('Bank name');
    setNavigatorOnline(false);
    await userEvent.type(bank, 'Harbour Bank');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('Saved on this device. Your change will be sent when the connection returns.'),
    ).toBeInTheDocument();
    expect(api.writes()).toEqual([]);
    const [row] = await db.outbox.toArray();
    expect(row).toMatchObject({
      kind: 'profile',
      tab: 'withdrawer',
      owner: 'ada@example.com',
      state: 'waiting',
      changes: { bankName: 'Harbour Bank' },
    });
    expect(row!.id).toMatch(/^[\w-]{8,100}$/);
    expect((await db.personal.get('profile'))?.data).toMatchObject({ bankName: 'Harbour Bank', firstName: 'Ada' });
    expect(await screen.findByText(/is waiting to be sent/)).toBeInTheDocument();
  });

  it('says it is saved once the outbox has sent the queued edit, with its key', async () => {
    const api = fakeApi({
      'GET /api/user': { status: 200, body: { user: profile } },
      'PUT /api/update-profile': {
        status: 200,
        body: { message: 'Profile updated', user: { ...profile, bankName: 'Harbour Bank' } },
      },
    });
    renderPageWithQuery(<UserProfilePage />, { route: '/user-profile?tab=withdrawer' });
    const bank = await screen.findByLabelText('Bank name');
    setNavigatorOnline(false);
    await userEvent.type(bank, 'Harbour Bank');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('Saved on this device. Your change will be sent when the connection returns.'),
    ).toBeInTheDocument();
    const [row] = await db.outbox.toArray();

    setNavigatorOnline(true);
    setOutboxOwner('ada@example.com');
    try {
      await resumeOutbox();
      expect(await screen.findByText('Your changes were saved.')).toBeInTheDocument();
    } finally {
      outboxDrainer.stop();
      setOutboxOwner(null);
    }
    expect(api.writes()).toEqual([
      {
        method: 'PUT',
        url: '/api/update-profile',
        body: {
          bankName: 'Harbour Bank',
          accountName: '',
          accountNumber: '',
          swiftCode: '',
          bitcoinAddress: '',
          ethereumAddress: '',
          usdtAddress: '',
        },
      },
    ]);
    const sentKey = ((api.fetch.mock.calls.at(-1)![1] as RequestInit).headers as Record<string, string>)[
      'Idempotency-Key'
    ];
    expect(sentKey).toBe(row!.id);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a connection that fails mid-save queues the edit under the key it was sent with', async () => {
    const api = fakeApi({
      'GET /api/user': { status: 200, body: { user: profile } },
      'PUT /api/update-profile': 'network-down',
    });
    renderPageWithQuery(<UserProfilePage />);
    const first = await screen.findByLabelText('First name');
    await userEvent.clear(first);
    await userEvent.type(first, 'Augusta');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('Saved on this device. Your change will be sent when the connection returns.'),
    ).toBeInTheDocument();
    const sentKey = (api.fetch.mock.calls.at(-1)![1] as RequestInit).headers as Record<string, string>;
    const [row] = await db.outbox.toArray();
    expect(row!.id).toBe(sentKey['Idempotency-Key']);
    // The unchanged e-mail is not part of the queued edit.
    expect(row).toMatchObject({ kind: 'profile', tab: 'profile', changes: { firstName: 'Augusta' } });
    expect((row as { changes: Record<string, string> }).changes).not.toHaveProperty('email');
  });

  it('offline: an e-mail change is not queued (it needs the password) and says it needs a connection', async () => {
    fakeApi({ 'GET /api/user': { status: 200, body: { user: profile } } });
    renderPageWithQuery(<UserProfilePage />);
    const email = await screen.findByLabelText('Email');
    setNavigatorOnline(false);
    await userEvent.clear(email);
    await userEvent.type(email, 'new@example.com');
    await userEvent.type(screen.getByLabelText('Current password'), 'secret password');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Changing your e-mail address needs a connection.');
    expect(await db.outbox.count()).toBe(0);
  });
});
