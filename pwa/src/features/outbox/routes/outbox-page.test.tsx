import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../lib/offline/db';
import { saveReceipt } from '../../../lib/outbox/queue';
import { stubUploads } from '../../../test/fake-upload';
import { queueProfileEdit } from '../../../lib/outbox/profile-edit';
import { outboxDrainer, setOutboxOwner } from '../../../lib/outbox/runner';
import { fakeApi } from '../../../test/fake-api';
import { renderPage } from '../../../test/render-page';
import { OutboxPage } from './outbox-page';

const owner = 'ada@example.com';
const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
const profile = { id: 1, firstName: 'Ada', lastName: 'Lovelace', email: owner, bankName: 'Harbour Bank' };

/** A receipt waiting, then a profile edit the server refused, then someone else's receipt (an expired session's). */
async function seed() {
  await saveReceipt({
    id: 'key-receipt',
    owner,
    fields: { email: owner, amount: '150', coin: 'bitcoin' },
    file: png('receipt.png'),
    now: 1,
  });
  await queueProfileEdit({ id: 'key-edit', owner, tab: 'withdrawer', changes: { bankName: 'Harbour Bank' }, now: 2 });
  await db.outbox.update('key-edit', {
    state: 'failed',
    attempts: 1,
    lastError: 'Validation failed: Enter a valid IBAN',
    lastStatus: 400,
  });
  await saveReceipt({
    id: 'key-other',
    owner: 'bob@example.com',
    fields: { email: 'bob@example.com', amount: '75' },
    file: png('bob.png'),
    now: 3,
  });
}

const list = () => screen.getByRole('region', { name: 'Saved on this device' });
const items = () => within(list()).queryAllByRole('listitem');

beforeEach(() => setOutboxOwner(owner));
afterEach(async () => {
  outboxDrainer.stop({ abandonUpload: true });
  setOutboxOwner(null);
  await Promise.all([db.outbox.clear(), db.personal.clear()]);
});

describe('the outbox page', () => {
  it('says so when nothing waits', async () => {
    renderPage(<OutboxPage />, { route: '/outbox' });
    expect(screen.getByRole('heading', { level: 1, name: 'Outbox' })).toBeInTheDocument();
    expect(await screen.findByText('Nothing is waiting to be sent.')).toBeInTheDocument();
  });

  it("lists the investor's receipts and profile edits alike, oldest first, each with its state", async () => {
    await seed();
    renderPage(<OutboxPage />, { route: '/outbox' });
    await screen.findByText('receipt.png');
    const [receipt, edit] = items();
    expect(items()).toHaveLength(2);
    expect(receipt).toHaveTextContent('Deposit receipt');
    expect(within(receipt!).getByText('$150.00')).toBeInTheDocument();
    expect(within(receipt!).getByText('Waiting to upload')).toBeInTheDocument();
    expect(edit).toHaveTextContent('Profile change: Withdrawer Details');
    expect(within(edit!).getByText(/was refused: Validation failed: Enter a valid IBAN$/)).toBeInTheDocument();
    expect(within(edit!).getByRole('button', { name: /^Retry sending the change saved at / })).toBeEnabled();
    expect(screen.queryByText('bob.png')).not.toBeInTheDocument();
  });

  it('shows a receipt on its way with its progress, with Discard unavailable until it is done', async () => {
    await seed();
    const uploads = stubUploads();
    renderPage(<OutboxPage />, { route: '/outbox' });
    await screen.findByText('receipt.png');
    void outboxDrainer.drain();
    await waitFor(() => expect(uploads).toHaveLength(1));
    act(() => uploads[0]!.progress(40, 100));
    const [receipt] = items();
    expect(await within(receipt!).findByText('Uploading: 40%')).toBeInTheDocument();
    expect(within(receipt!).getByRole('progressbar', { name: 'Upload progress of receipt.png' })).toHaveAttribute(
      'value',
      '40',
    );
    expect(within(receipt!).getByRole('button', { name: 'Discard receipt.png from this device' })).toBeDisabled();
  });

  it('Discard removes one item from the device and the list; the other stays', async () => {
    await seed();
    const person = userEvent.setup();
    renderPage(<OutboxPage />, { route: '/outbox' });
    await person.click(await screen.findByRole('button', { name: /^Discard the change saved at / }));
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(await db.outbox.get('key-edit')).toBeUndefined();
    expect(screen.getByText('receipt.png')).toBeInTheDocument();

    await person.click(screen.getByRole('button', { name: 'Discard receipt.png from this device' }));
    expect(await screen.findByText('Nothing is waiting to be sent.')).toBeInTheDocument();
    expect(await db.outbox.get('key-receipt')).toBeUndefined();
    expect(await db.outbox.get('key-other')).toBeDefined();
  });

  it('Retry sends a refused profile edit again under its own Idempotency-Key; once saved it leaves the list', async () => {
    await seed();
    await db.outbox.delete('key-receipt');
    const server = fakeApi({
      'PUT /api/update-profile': { status: 200, body: { message: 'Profile updated', user: profile } },
    });
    const person = userEvent.setup();
    renderPage(<OutboxPage />, { route: '/outbox' });
    await person.click(await screen.findByRole('button', { name: /^Retry sending the change saved at / }));
    expect(await screen.findByText('Nothing is waiting to be sent.')).toBeInTheDocument();
    const [put] = server.fetch.mock.calls;
    expect(new Headers((put![1] as RequestInit).headers).get('Idempotency-Key')).toBe('key-edit');
    expect(server.requestsTo('PUT /api/update-profile')[0]!.body).toEqual({ bankName: 'Harbour Bank' });
  });
});
