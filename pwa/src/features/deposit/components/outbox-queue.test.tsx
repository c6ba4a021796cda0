import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../lib/offline/db';
import { saveReceipt } from '../../../lib/outbox/queue';
import { outboxDrainer, setOutboxOwner } from '../../../lib/outbox/runner';
import { stubUploads } from '../../../test/fake-upload';
import { OutboxQueue } from './outbox-queue';

const owner = 'ada@example.com';
const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
const deposit = {
  id: 'd1',
  amount: 150,
  coin: 'bitcoin',
  planName: null,
  status: 'pending',
  rejectReason: null,
  createdAt: '2026-11-22T05:00:00Z',
};

async function seed() {
  await saveReceipt({
    id: 'key-waiting',
    owner,
    fields: { email: owner, amount: '150', coin: 'bitcoin' },
    file: png('waiting.png'),
    now: 1,
  });
  await db.outbox.update('key-waiting', {
    attempts: 1,
    lastError: 'No response from server',
    lastStatus: 0,
    nextAttemptAt: Date.now() + 60_000,
  });
  await saveReceipt({
    id: 'key-failed',
    owner,
    fields: { email: owner, amount: '1500', planId: 3 },
    planLabel: 'Ultra',
    file: png('failed.png'),
    now: 2,
  });
  await db.outbox.update('key-failed', {
    state: 'failed',
    attempts: 1,
    lastError: 'The receipt must be a PDF, JPEG or PNG file',
    lastStatus: 415,
  });
  // Someone else's receipt, left by an expired session, is not shown.
  await saveReceipt({
    id: 'key-other',
    owner: 'bob@example.com',
    fields: { email: 'bob@example.com', amount: '75' },
    file: png('bob.png'),
    now: 3,
  });
}

const item = (file: string) => screen.getByText(file).closest('li')!;

beforeEach(() => setOutboxOwner(owner));
afterEach(async () => {
  // Abandons an upload a test left unanswered, so the next test starts with an idle drainer.
  outboxDrainer.stop({ abandonUpload: true });
  setOutboxOwner(null);
  await db.outbox.clear();
});

describe('OutboxQueue', () => {
  it('shows nothing when no receipt waits', async () => {
    const { container } = render(<OutboxQueue />);
    await act(() => db.outbox.count());
    expect(container).toBeEmptyDOMElement();
  });

  it("lists the investor's receipts with amount, coin or plan, file and state", async () => {
    await seed();
    render(<OutboxQueue />);
    const list = await screen.findByRole('region', { name: 'Receipts saved on this device' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(item('waiting.png')).getByText('$150.00')).toBeInTheDocument();
    expect(within(item('waiting.png')).getByText('Bitcoin')).toBeInTheDocument();
    expect(within(item('waiting.png')).getByText('No plan')).toBeInTheDocument();
    expect(within(item('waiting.png')).getByText('Waiting to upload')).toBeInTheDocument();
    expect(within(item('waiting.png')).getByText('Last try: no answer from the server')).toBeInTheDocument();
    expect(within(item('failed.png')).getByText('$1,500.00')).toBeInTheDocument();
    expect(within(item('failed.png')).getByText('Ultra')).toBeInTheDocument();
    expect(
      within(item('failed.png')).getByText('Failed: The receipt must be a PDF, JPEG or PNG file'),
    ).toBeInTheDocument();
    expect(screen.queryByText('bob.png')).not.toBeInTheDocument();
  });

  it('shows the upload progress, and Discard is unavailable while it uploads', async () => {
    await seed();
    const uploads = stubUploads();
    render(<OutboxQueue />);
    await screen.findByText('waiting.png');
    await db.outbox.update('key-waiting', { nextAttemptAt: 0 });
    void outboxDrainer.drain();
    await waitFor(() => expect(uploads).toHaveLength(1));
    act(() => uploads[0]!.progress(25, 100));
    expect(await within(item('waiting.png')).findByText('Uploading: 25%')).toBeInTheDocument();
    expect(
      within(item('waiting.png')).getByRole('progressbar', { name: 'Upload progress of waiting.png' }),
    ).toHaveAttribute('value', '25');
    expect(
      within(item('waiting.png')).getByRole('button', { name: 'Discard waiting.png from this device' }),
    ).toBeDisabled();
    expect(within(item('waiting.png')).queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();

    act(() => uploads[0]!.respond(201, { message: 'Receipt uploaded successfully', deposit }));
    await waitFor(() => expect(screen.queryByText('waiting.png')).not.toBeInTheDocument());
  });

  it('Retry sends a failed receipt again with its own Idempotency-Key; Discard deletes one', async () => {
    await seed();
    const uploads = stubUploads();
    const person = userEvent.setup();
    render(<OutboxQueue />);
    await person.click(await screen.findByRole('button', { name: 'Retry uploading failed.png' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]!.headers['Idempotency-Key']).toBe('key-failed');
    expect(uploads[0]!.fields()).toEqual({ email: owner, amount: '1500', planId: '3', receipt: 'failed.png' });
    act(() => uploads[0]!.respond(415, { message: 'Still not a PDF, JPEG or PNG file' }));
    expect(
      await within(item('failed.png')).findByText('Failed: Still not a PDF, JPEG or PNG file'),
    ).toBeInTheDocument();

    await person.click(screen.getByRole('button', { name: 'Discard failed.png from this device' }));
    await waitFor(() => expect(screen.queryByText('failed.png')).not.toBeInTheDocument());
    expect(await db.outbox.get('key-failed')).toBeUndefined();
    expect(await db.outbox.get('key-waiting')).toBeDefined();
  });
});
