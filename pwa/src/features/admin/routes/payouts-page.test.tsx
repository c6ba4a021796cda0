import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PayoutBatch } from '../../../../../api/contracts/answers';
import { buildChainStatus } from '../../../test/chain-fixtures';
import { fakeApi, searchOf, type ReceivedRequest } from '../../../test/fake-api';
import {
  broadcastBatch,
  buildApprovedBitcoinWithdrawal,
  buildPayoutBatch,
  buildPayoutPreview,
} from '../../../test/payout-batch-fixtures';
import { renderPageWithQuery } from '../../../test/render-page';
import { PayoutsPage } from './payouts-page';

/** GET /api/admin/withdrawals?status=approved: one page holding them all. */
const approvedList = (rows: unknown[]) => ({
  status: 200,
  body: { withdrawals: rows, total: rows.length, page: 1, pageSize: 100 },
});

const bitcoinOnly = { status: 200, body: { chains: [buildChainStatus({ chain: 'bitcoin' })] } };
const noIncidents = { status: 200, body: { incidents: [] } };

/** The preview at the fee rate asked, the node suggesting 3 sat/vB. */
const previewAsAsked = (request: ReceivedRequest) => {
  const body = request.body as { withdrawalIds: string[]; feeRate?: number };
  return {
    status: 200,
    body: { preview: buildPayoutPreview({ feeRate: body.feeRate ?? 3, withdrawalIds: body.withdrawalIds }) },
  };
};

function renderPayouts(routes: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi({
    'GET /api/admin/chains': bitcoinOnly,
    'GET /api/admin/chain-incidents': noIncidents,
    'GET /api/admin/withdrawals': approvedList([]),
    'GET /api/admin/payout-batches': { status: 200, body: { batches: [] } },
    'POST /api/admin/payout-batches/preview': previewAsAsked,
    ...routes,
  });
  renderPageWithQuery(<PayoutsPage />, { route: '/admin/payouts' });
  return { api, user: userEvent.setup() };
}

const batchCard = (batch: PayoutBatch) =>
  screen.findByRole('listitem', { name: `Batch ${batch.id.slice(0, 8)}` }).then((card) => within(card));

describe('Payouts', () => {
  it('says no UTXO chain is configured, and asks for no batch', async () => {
    const { api } = renderPayouts({
      'GET /api/admin/chains': { status: 200, body: { chains: [buildChainStatus({ chain: 'ethereum' })] } },
    });
    expect(
      await screen.findByText(
        'No UTXO chain is configured: withdrawals are paid by hand or, on EVM chains, from the Withdrawals page.',
      ),
    ).toBeInTheDocument();
    expect(api.received.map((request) => request.url)).toEqual(['/api/admin/chains']);
    expect(screen.queryByRole('button', { name: 'Build batch' })).not.toBeInTheDocument();
  });

  it('tells the operator to sign in their own wallet, since the server holds no key', async () => {
    renderPayouts({});
    expect(
      screen.getByText(
        'Sign the PSBT in your own wallet (Sparrow, Electrum, Bitcoin Core, a hardware wallet), then upload the ' +
          'signed PSBT. This server holds no private key.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('Chain: Bitcoin')).toBeInTheDocument();
  });

  it('builds a batch of the ticked withdrawals at the fee rate typed, and lists it', async () => {
    const [ada, bea, cy] = ['ada', 'bea', 'cy'].map((name, index) =>
      buildApprovedBitcoinWithdrawal({
        id: `33333333-cccc-4000-8000-00000000000${index}`,
        user: { id: `u${index}`, email: `${name}@example.com` },
        amount: 60 + index * 10,
        coinAmount: `0.00${index + 1}`,
      }),
    );
    const ether = buildApprovedBitcoinWithdrawal({
      id: '44444444-cccc-4000-8000-000000000004',
      coin: 'ethereum',
      user: { id: 'u9', email: 'eve@example.com' },
    });
    const built = buildPayoutBatch({ feeRate: 5 });
    let batches: PayoutBatch[] = [];
    const { api, user } = renderPayouts({
      'GET /api/admin/withdrawals': (request) => {
        expect(searchOf(request).get('status')).toBe('approved');
        return approvedList(batches.length ? [ether] : [ada, bea, cy, ether]);
      },
      'GET /api/admin/payout-batches': () => ({ status: 200, body: { batches } }),
      'POST /api/admin/payout-batches': () => {
        batches = [built];
        return { status: 201, body: { batch: built } };
      },
    });

    // Every approved Bitcoin withdrawal, ticked; an Ethereum one is paid from the Withdrawals page.
    const table = await screen.findByRole('table', { name: 'Approved withdrawals waiting for a batch' });
    expect(
      within(table)
        .getAllByRole('checkbox')
        .map((box) => (box as HTMLInputElement).checked),
    ).toEqual([true, true, true]);
    expect(within(table).queryByText('eve@example.com')).not.toBeInTheDocument();
    expect(within(table).getByText('0.002 Bitcoin')).toBeInTheDocument();
    // Whole, in groups of four drawn apart: the address is still one text to read or select.
    const address = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
    const shown = within(table).getAllByText(
      (_, element) => element?.tagName === 'CODE' && element.textContent === address,
    );
    expect(shown).toHaveLength(3);
    expect(shown[0]!.children[0]).toHaveTextContent(/^bc1q$/);
    expect(within(table).getAllByRole('button', { name: `Copy ${address}` })).toHaveLength(3);
    // The node's suggestion fills the fee rate, and the preview prices the batch.
    expect(await screen.findByText('The node suggests 3 sat/vB.')).toBeInTheDocument();
    expect(screen.getByLabelText('Fee rate (sat/vB)')).toHaveValue('3');
    const costs = await screen.findByRole('group', { name: 'What this batch costs' });
    expect(costs).toHaveTextContent('0.003 Bitcoin');
    expect(costs).toHaveTextContent('0.00000423 Bitcoin ($0.25) at 3 sat/vB');
    expect(costs).toHaveTextContent('141 vB');
    expect(costs).toHaveTextContent('0.01 Bitcoin');

    await user.click(screen.getByLabelText('Pay the withdrawal of $70.00 by bea@example.com in this batch'));
    expect(screen.getByText('Selected: 2, $140.00')).toBeInTheDocument();
    const feeRate = screen.getByLabelText('Fee rate (sat/vB)');
    // The server takes whole sat/vB only: a fraction is refused here, before anything is asked.
    await user.clear(feeRate);
    await user.type(feeRate, '2.5');
    expect(screen.getByText('Enter a whole fee rate from 1 to 10,000 sat/vB.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Build batch' })).toBeDisabled();
    await user.clear(feeRate);
    await user.type(feeRate, '5');
    expect(await screen.findByText('0.00000423 Bitcoin ($0.25) at 5 sat/vB')).toBeInTheDocument();
    expect(api.requestsTo('POST /api/admin/payout-batches/preview').at(-1)!.body).toEqual({
      chain: 'bitcoin',
      withdrawalIds: [ada!.id, cy!.id],
      feeRate: 5,
    });

    await user.click(screen.getByRole('button', { name: 'Build batch' }));
    expect(await screen.findByText('Batch 5b1e0c2a built: download its PSBT below and sign it.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(api.requestsTo('POST /api/admin/payout-batches').map((request) => request.body)).toEqual([
      { chain: 'bitcoin', withdrawalIds: [ada!.id, cy!.id], feeRate: 5 },
    ]);
    const card = await batchCard(built);
    expect(card.getByText('Waiting for signature')).toBeInTheDocument();
    expect(await screen.findByText('No approved withdrawal is waiting for a batch on this chain.')).toBeInTheDocument();
  });

  it('shows why the confirmed coins cannot pay the batch, and builds nothing', async () => {
    const { api } = renderPayouts({
      'GET /api/admin/withdrawals': approvedList([buildApprovedBitcoinWithdrawal()]),
      'POST /api/admin/payout-batches/preview': {
        status: 422,
        body: { message: 'The confirmed coins hold 0.0005 BTC; this batch needs 0.00100423 BTC' },
      },
    });
    expect(
      await screen.findByText('The confirmed coins hold 0.0005 BTC; this batch needs 0.00100423 BTC'),
    ).toHaveAttribute('role', 'alert');
    // No suggestion came: the fee rate starts at 2 sat/vB, and the preview is asked at it.
    await waitFor(() => expect(screen.getByLabelText('Fee rate (sat/vB)')).toHaveValue('2'));
    await waitFor(() =>
      expect(api.requestsTo('POST /api/admin/payout-batches/preview').at(-1)!.body).toMatchObject({ feeRate: 2 }),
    );
    expect(api.writes().every((request) => request.url === '/api/admin/payout-batches/preview')).toBe(true);
  });

  it('takes the signed PSBT back; a refusal shows by the box, which keeps what was pasted', async () => {
    const batch = buildPayoutBatch();
    const { api, user } = renderPayouts({
      'GET /api/admin/payout-batches': { status: 200, body: { batches: [batch] } },
      [`POST /api/admin/payout-batches/${batch.id}/signed`]: {
        status: 422,
        body: { message: 'Input 0 is not signed' },
      },
    });
    const card = await batchCard(batch);
    expect(card.getByRole('link', { name: 'Download PSBT' })).toHaveAttribute(
      'href',
      `/api/admin/payout-batches/${batch.id}/psbt`,
    );
    await user.click(card.getByRole('button', { name: 'Copy PSBT (base64)' }));
    expect(await navigator.clipboard.readText()).toBe(batch.psbt);

    const box = card.getByLabelText('Signed PSBT (base64)');
    await user.type(box, 'cHNidP8BAFICAAAAAQ==');
    await user.click(card.getByRole('button', { name: 'Send the signed transaction' }));
    expect(await card.findByText('Input 0 is not signed')).toBeInTheDocument();
    expect(box).toHaveValue('cHNidP8BAFICAAAAAQ==');
    expect(api.writes().filter((request) => request.url.endsWith('/signed'))).toEqual([
      {
        method: 'POST',
        url: `/api/admin/payout-batches/${batch.id}/signed`,
        body: { psbt: 'cHNidP8BAFICAAAAAQ==' },
      },
    ]);
  });

  it('reads a binary .psbt file as base64 and sends it', async () => {
    const batch = buildPayoutBatch();
    const sent = buildPayoutBatch(broadcastBatch);
    const { api, user } = renderPayouts({
      'GET /api/admin/payout-batches': { status: 200, body: { batches: [batch] } },
      [`POST /api/admin/payout-batches/${batch.id}/signed`]: { status: 200, body: { batch: sent } },
    });
    const card = await batchCard(batch);
    const file = new File([new Uint8Array([0x70, 0x73, 0x62, 0x74, 0xff, 0x01, 0x00])], 'signed.psbt', {
      type: 'application/octet-stream',
    });
    await user.upload(card.getByLabelText('Or choose the signed PSBT file'), file);
    await waitFor(() => expect(card.getByLabelText('Signed PSBT (base64)')).toHaveValue('cHNidP8BAA=='));
    await user.click(card.getByRole('button', { name: 'Send the signed transaction' }));
    expect(await screen.findByText(`Signed transaction sent: ${sent.txid}`)).toBeInTheDocument();
    expect(api.requestsTo(`POST /api/admin/payout-batches/${batch.id}/signed`)[0]!.body).toEqual({
      psbt: 'cHNidP8BAA==',
    });
  });

  it('asks for a paste or a file before sending anything', async () => {
    const batch = buildPayoutBatch();
    const { api, user } = renderPayouts({
      'GET /api/admin/payout-batches': { status: 200, body: { batches: [batch] } },
    });
    const card = await batchCard(batch);
    await user.click(card.getByRole('button', { name: 'Send the signed transaction' }));
    expect(card.getByText('Paste the signed PSBT or choose its file.')).toBeInTheDocument();
    expect(api.writes().filter((request) => request.url.endsWith('/signed'))).toEqual([]);
  });

  it('bumps a sent batch still outside a block to a higher fee rate, refusing one not higher', async () => {
    const sent = buildPayoutBatch(broadcastBatch);
    const bump = buildPayoutBatch({ id: '6c2f1d3b-0000-4000-8000-00000000000b', feeRate: 6, replacesId: sent.id });
    let batches = [sent];
    const { api, user } = renderPayouts({
      'GET /api/admin/payout-batches': () => ({ status: 200, body: { batches } }),
      [`POST /api/admin/payout-batches/${sent.id}/bump`]: () => {
        batches = [bump, sent];
        return { status: 201, body: { batch: bump } };
      },
    });
    const card = await batchCard(sent);
    expect(card.getByText('Sent', { selector: '.admin-badge' })).toBeInTheDocument();
    expect(card.getByText('Not in a block yet')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'View on the explorer' })).toHaveAttribute('href', sent.explorerUrl);

    await user.type(card.getByLabelText('New fee rate (sat/vB)'), '2');
    await user.click(card.getByRole('button', { name: 'Bump fee' }));
    expect(card.getByText('Enter a whole fee rate above 2 and at most 10,000 sat/vB.')).toBeInTheDocument();
    expect(api.writes()).toEqual([]);

    await user.clear(card.getByLabelText('New fee rate (sat/vB)'));
    await user.type(card.getByLabelText('New fee rate (sat/vB)'), '6');
    await user.click(card.getByRole('button', { name: 'Bump fee' }));
    expect(await card.findByText('Fee bump built as batch 6c2f1d3b: sign its PSBT above.')).toBeInTheDocument();
    expect(api.writes()).toEqual([
      { method: 'POST', url: `/api/admin/payout-batches/${sent.id}/bump`, body: { feeRate: 6 } },
    ]);
    // The new batch waits for its signature; the sent one points to it instead of offering a second bump.
    const bumpCard = await batchCard(bump);
    expect(bumpCard.getByRole('link', { name: `Fee bump of batch ${sent.id.slice(0, 8)}` })).toBeInTheDocument();
    expect(
      await card.findByRole('link', { name: 'A fee bump waits for your signature: batch 6c2f1d3b' }),
    ).toBeInTheDocument();
    expect(card.queryByLabelText('New fee rate (sat/vB)')).not.toBeInTheDocument();
  });

  it('shows confirmations, a replaced batch with its replacement and a failed one with its reason', async () => {
    const confirming = buildPayoutBatch({
      ...broadcastBatch,
      id: '7d3a2e4c-0000-4000-8000-00000000000c',
      confirmations: 1,
    });
    const replaced = buildPayoutBatch({ ...broadcastBatch, status: 'replaced', replacedById: confirming.id });
    const failed = buildPayoutBatch({
      id: '8e4b3f5d-0000-4000-8000-00000000000d',
      status: 'failed',
      failureReason: 'Cancelled by an admin',
    });
    renderPayouts({
      'GET /api/admin/payout-batches': { status: 200, body: { batches: [confirming, replaced, failed] } },
    });
    const confirmingCard = await batchCard(confirming);
    expect(confirmingCard.getByText('1 of 3 confirmations')).toBeInTheDocument();
    expect(confirmingCard.queryByLabelText('New fee rate (sat/vB)')).not.toBeInTheDocument();
    expect(confirmingCard.getByText('0.00000282 Bitcoin ($0.17) at 2 sat/vB')).toBeInTheDocument();
    expect(confirmingCard.getByText('1: 0.001 Bitcoin ($60.00)')).toBeInTheDocument();
    const replacedCard = await batchCard(replaced);
    expect(replacedCard.getByText('Replaced')).toBeInTheDocument();
    expect(replacedCard.getByRole('link', { name: 'Replaced by batch 7d3a2e4c' })).toHaveAttribute(
      'href',
      `#payout-batch-${confirming.id}`,
    );
    expect(replacedCard.queryByLabelText('New fee rate (sat/vB)')).not.toBeInTheDocument();
    const failedCard = await batchCard(failed);
    expect(failedCard.getByText('Failed: Cancelled by an admin')).toBeInTheDocument();
    expect(failedCard.queryByRole('button', { name: 'Send the signed transaction' })).not.toBeInTheDocument();
  });

  it('cancels an unsigned batch once confirmed', async () => {
    const batch = buildPayoutBatch();
    const { api, user } = renderPayouts({
      'GET /api/admin/payout-batches': { status: 200, body: { batches: [batch] } },
      [`POST /api/admin/payout-batches/${batch.id}/cancel`]: {
        status: 200,
        body: { batch: { ...batch, status: 'failed', failureReason: 'Cancelled by an admin' } },
      },
    });
    const card = await batchCard(batch);
    await user.click(card.getByRole('button', { name: 'Cancel batch' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel batch 5b1e0c2a?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel batch' }));
    expect(
      await screen.findByText('Batch 5b1e0c2a cancelled; its withdrawals are approved again.'),
    ).toBeInTheDocument();
    expect(api.writes()).toEqual([{ method: 'POST', url: `/api/admin/payout-batches/${batch.id}/cancel`, body: {} }]);
  });

  it("picks between several UTXO chains, and shows only the chosen chain's open payout incidents", async () => {
    const incident = (id: string, chain: string, kind: string, resolvedAt: string | null = null) => ({
      id,
      chain,
      kind,
      paymentId: null,
      details: { batch: id },
      createdAt: '2026-11-28T11:00:00.000Z',
      resolvedAt,
      resolvedBy: resolvedAt && 'ops@example.com',
      resolution: resolvedAt && 'Checked',
    });
    const { api, user } = renderPayouts({
      'GET /api/admin/chains': {
        status: 200,
        body: { chains: ['ethereum', 'bitcoin', 'litecoin'].map((chain) => buildChainStatus({ chain })) },
      },
      'GET /api/admin/chain-incidents': {
        status: 200,
        body: {
          incidents: [
            incident('1', 'bitcoin', 'payout-inputs-spent'),
            incident('2', 'litecoin', 'payout-inputs-spent'),
            incident('3', 'bitcoin', 'credited-payment-reorged'),
            incident('4', 'bitcoin', 'payout-inputs-spent', '2026-11-28T12:00:00.000Z'),
          ],
        },
      },
    });
    const picker = await screen.findByLabelText('Chain');
    expect([...(picker as HTMLSelectElement).options].map((option) => option.text)).toEqual(['Bitcoin', 'Litecoin']);
    expect(await screen.findByText('{"batch":"1"}')).toBeInTheDocument();
    expect(
      screen.getByText(/^A payout batch's coins were spent by another transaction: .* \(bitcoin\)$/),
    ).toBeInTheDocument();
    expect(screen.queryByText('{"batch":"3"}')).not.toBeInTheDocument();
    expect(screen.queryByText('{"batch":"4"}')).not.toBeInTheDocument();

    await user.selectOptions(picker, 'litecoin');
    expect(await screen.findByText('{"batch":"2"}')).toBeInTheDocument();
    expect(screen.queryByText('{"batch":"1"}')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(api.requestsTo('GET /api/admin/payout-batches').map((request) => request.url)).toContain(
        '/api/admin/payout-batches?chain=litecoin',
      ),
    );
  });
});
