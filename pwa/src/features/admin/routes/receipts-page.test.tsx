import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, searchOf } from '../../../test/fake-api';
import { renderPageWithQuery } from '../../../test/render-page';
import { ReceiptsPage } from './receipts-page';

/** One page of the list, as GET /api/admin/receipts answers it. */
const listed = (rows: unknown[]) => ({ receipts: rows, total: rows.length, page: 1, pageSize: 25 });

const pending = {
  id: '11111111-aaaa-4000-8000-000000000001',
  user: { id: 'u1', email: 'dana@example.com' },
  amount: 150,
  coin: 'ethereum',
  planName: null,
  status: 'pending',
  rejectReason: null,
  createdAt: '2026-03-01T10:00:00.000Z',
};
const duplicate = {
  ...pending,
  id: '22222222-bbbb-4000-8000-000000000002',
  amount: 75.5,
  duplicateOf: pending.id,
  user: null,
};

function renderReceipts(routes: Parameters<typeof fakeApi>[0], route = '/receipts') {
  const api = fakeApi(routes);
  renderPageWithQuery(<ReceiptsPage />, { route });
  return { api, user: userEvent.setup() };
}

describe('Confirm Receipts', () => {
  it('lists pending receipts by default, with the duplicate mark, the file link and "Unknown User"', async () => {
    const { api } = renderReceipts({ 'GET /api/admin/receipts': { status: 200, body: listed([pending, duplicate]) } });
    expect(await screen.findByText('dana@example.com')).toBeInTheDocument();
    expect(searchOf(api.received[0]!).get('status')).toBe('pending');
    expect(screen.getByText('Unknown User')).toBeInTheDocument();
    expect(screen.getByText(/Possible duplicate of #11111111/)).toBeInTheDocument();
    expect(screen.getByText('$75.50')).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Download the receipt file #11111111 of dana@example.com' }),
    ).toHaveAttribute('href', `/api/admin/receipts/${pending.id}/file`);
    expect(screen.getByRole('link', { name: /Export CSV/ })).toHaveAttribute(
      'href',
      '/api/admin/export/receipts?status=pending',
    );
  });

  it('previews an image inline, and offers a PDF (which cannot be an image) in the browser viewer', async () => {
    renderReceipts({ 'GET /api/admin/receipts': { status: 200, body: listed([pending]) } });
    const image = await screen.findByRole('img', { name: 'Receipt #11111111 of dana@example.com' });
    expect(image).toHaveAttribute('src', `/api/admin/receipts/${pending.id}/preview`);
    expect(image.closest('a')).toHaveAttribute('target', '_blank');
    fireEvent.error(image);
    const pdf = screen.getByRole('link', { name: 'Open receipt #11111111 of dana@example.com (PDF)' });
    expect(pdf).toHaveAttribute('href', `/api/admin/receipts/${pending.id}/preview`);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('warns in the confirm dialog when the same file was uploaded before, and shows the receipt there', async () => {
    const { user } = renderReceipts({
      'GET /api/admin/receipts': { status: 200, body: listed([{ ...duplicate, user: pending.user }]) },
    });
    await user.click(
      await screen.findByRole('button', { name: 'Confirm the receipt of $75.50 from dana@example.com' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Confirm the receipt of $75.50?' });
    expect(within(dialog).getByRole('note')).toHaveTextContent('The same file was uploaded before (receipt #11111111)');
    expect(within(dialog).getByRole('img', { name: 'Receipt #22222222 of dana@example.com' })).toBeInTheDocument();
  });

  it('says how many match, pages through them and sorts by amount from page 1 again', async () => {
    const many = { receipts: [pending], total: 60, page: 1, pageSize: 25 };
    const { api, user } = renderReceipts({ 'GET /api/admin/receipts': { status: 200, body: many } });
    expect(await screen.findByText('Total: 60')).toBeInTheDocument();
    expect(searchOf(api.received[0]!).get('sort')).toBe('date');
    expect(searchOf(api.received[0]!).get('order')).toBe('desc');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await vi.waitFor(() => expect(api.requestsTo('GET /api/admin/receipts')).toHaveLength(2));
    expect(searchOf(api.received[1]!).get('page')).toBe('3');
    expect(searchOf(api.received[1]!).get('pageSize')).toBe('25');
    await user.selectOptions(screen.getByLabelText('Sort'), 'largest');
    await vi.waitFor(() => expect(api.requestsTo('GET /api/admin/receipts')).toHaveLength(3));
    const sorted = searchOf(api.received[2]!);
    expect([sorted.get('page'), sorted.get('sort'), sorted.get('order'), sorted.get('status')]).toEqual([
      '1',
      'amount',
      'desc',
      'pending',
    ]);
  });

  it('exports the filter on screen', async () => {
    renderReceipts({ 'GET /api/admin/receipts': { status: 200, body: listed([]) } }, '/receipts?status=all');
    expect(await screen.findByText('No receipts available')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Export CSV/ })).toHaveAttribute('href', '/api/admin/export/receipts');
  });

  it("says 'No receipts available' for an empty list, and for an answer that is not a list", async () => {
    renderReceipts({
      'GET /api/admin/receipts': [
        { status: 200, body: listed([]) },
        { status: 200, body: { unexpected: true } },
      ],
    });
    expect(await screen.findByText('No receipts available')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'all');
    expect(await screen.findByText('No receipts available')).toBeInTheDocument();
  });

  it('confirms after naming the amount and the user, calls the API and refreshes the list', async () => {
    const { api, user } = renderReceipts({
      'GET /api/admin/receipts': [
        { status: 200, body: listed([pending]) },
        { status: 200, body: listed([]) },
      ],
      [`POST /api/admin/confirm-receipt/${pending.id}`]: { status: 200, body: { message: 'Receipt confirmed' } },
    });
    await user.click(
      await screen.findByRole('button', { name: 'Confirm the receipt of $150.00 from dana@example.com' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Confirm the receipt of $150.00?' });
    expect(dialog).toHaveTextContent('This credits $150.00 to the account balance of dana@example.com.');
    expect(api.writes()).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Confirm receipt' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Receipt confirmed');
    expect(api.writes()).toMatchObject([{ method: 'POST', url: `/api/admin/confirm-receipt/${pending.id}` }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('No receipts available')).toBeInTheDocument();
    expect(api.requestsTo('GET /api/admin/receipts')).toHaveLength(2);
  });

  it("keeps the dialog open with 'Error confirming receipt' when the server fails", async () => {
    const { user } = renderReceipts({
      'GET /api/admin/receipts': { status: 200, body: listed([pending]) },
      [`POST /api/admin/confirm-receipt/${pending.id}`]: { status: 500, body: { message: 'Internal error' } },
    });
    await user.click(await screen.findByRole('button', { name: /Confirm the receipt of \$150.00/ }));
    await user.click(screen.getByRole('button', { name: 'Confirm receipt' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent('Error confirming receipt');
  });

  it('shows the server message of a 409 (already decided) and refreshes', async () => {
    const { api, user } = renderReceipts({
      'GET /api/admin/receipts': [
        { status: 200, body: listed([pending]) },
        { status: 200, body: listed([]) },
      ],
      [`POST /api/admin/confirm-receipt/${pending.id}`]: {
        status: 409,
        body: { message: 'Receipt already confirmed' },
      },
    });
    await user.click(await screen.findByRole('button', { name: /Confirm the receipt of \$150.00/ }));
    await user.click(screen.getByRole('button', { name: 'Confirm receipt' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Receipt already confirmed');
    expect(await screen.findByText('No receipts available')).toBeInTheDocument();
    expect(api.requestsTo('GET /api/admin/receipts')).toHaveLength(2);
  });

  it('rejects only with a reason, which is sent', async () => {
    const { api, user } = renderReceipts({
      'GET /api/admin/receipts': { status: 200, body: listed([pending]) },
      [`POST /api/admin/reject-receipt/${pending.id}`]: { status: 200, body: { message: 'Receipt rejected' } },
    });
    await user.click(
      await screen.findByRole('button', { name: 'Reject the receipt of $150.00 from dana@example.com' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Reject the receipt of $150.00?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject receipt' }));
    expect(within(dialog).getByText('Give the investor a reason.')).toBeInTheDocument();
    expect(api.writes()).toEqual([]);
    await user.type(within(dialog).getByLabelText('Reason'), 'No payment arrived');
    await user.click(within(dialog).getByRole('button', { name: 'Reject receipt' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Receipt rejected');
    expect(api.writes()).toMatchObject([
      { url: `/api/admin/reject-receipt/${pending.id}`, body: { reason: 'No payment arrived' } },
    ]);
  });
});
