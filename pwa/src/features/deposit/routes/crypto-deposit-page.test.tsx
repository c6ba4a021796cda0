import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { planCatalogue } from '../../../../../api/contracts/plans';
import { ToastProvider } from '../../../components/ui/toast';
import { db } from '../../../lib/offline/db';
import { outboxDrainer, resumeOutbox, setOutboxOwner } from '../../../lib/outbox/runner';
import { fakeApi, type FakeReply } from '../../../test/fake-api';
import { operatorConfigFixture } from '../../../test/operator-config-fixture';
import { renderPageWithQuery } from '../../../test/render-page';
import { CryptoDepositPage } from './crypto-deposit-page';
import { stubUploads } from '../../../test/fake-upload';

const wallets = {
  bitcoin: 'bc1qexampleexampleexampleexample0000',
  ethereum: 'PLACEHOLDER-ethereum-address',
};
const user = { id: 'u1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };
const receipt = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'receipt.png', { type: 'image/png' });
const deposit = {
  id: 'd1',
  amount: 150,
  coin: 'bitcoin',
  planName: 'Sonic',
  status: 'pending',
  rejectReason: null,
  createdAt: '2026-11-22T05:00:00Z',
};

// The investor layout names the owner of the outbox; these pages are rendered without it.
beforeEach(() => setOutboxOwner('ada@example.com'));
afterEach(async () => {
  // Abandons an upload a test left unanswered, so the next test starts with an idle drainer.
  outboxDrainer.stop({ abandonUpload: true });
  setOutboxOwner(null);
  vi.restoreAllMocks();
  await db.outbox.clear();
});

/** The upload goes out from the outbox a moment after the click. */
const nextUpload = async (uploads: Array<unknown>, count: number) => waitFor(() => expect(uploads).toHaveLength(count));
const queue = () => screen.getByRole('region', { name: 'Receipts saved on this device' });
const payWith = () => screen.getByRole('region', { name: /^(Pay with|Or send) / });

/** GET /api/market/coins as the server sends it, read a minute ago. */
const marketAnswer = (overrides: Record<string, unknown> = {}) => ({
  status: 200,
  body: {
    asOf: new Date(Date.now() - 60_000).toISOString(),
    live: true,
    source: 'cache',
    coins: [
      {
        id: 'bitcoin',
        name: 'Bitcoin',
        symbol: 'btc',
        image: '',
        current_price: 87250,
        price_change_percentage_24h: 1,
        market_cap: 1,
      },
      {
        id: 'ethereum',
        name: 'Ethereum',
        symbol: 'eth',
        image: '',
        current_price: 3320,
        price_change_percentage_24h: 1,
        market_cap: 1,
      },
    ],
    ...overrides,
  },
});

function renderCryptoDeposit(
  route: string,
  { market = marketAnswer(), config = {} }: { market?: FakeReply; config?: Record<string, unknown> } = {},
) {
  const api = fakeApi({
    'GET /api/plans': { status: 200, body: { plans: planCatalogue } },
    'GET /api/config': { status: 200, body: { ...operatorConfigFixture, wallets, ...config } },
    'GET /api/user': { status: 200, body: { user } },
    'GET /api/market/coins': market,
  });
  const uploads = stubUploads();
  renderPageWithQuery(
    <ToastProvider>
      <CryptoDepositPage />
    </ToastProvider>,
    { route },
  );
  return { api, uploads, user: userEvent.setup() };
}

describe('CryptoDepositPage on /bitcoindeposit1', () => {
  it('derives the plan from the amount and leaves starting it off by default', async () => {
    const { uploads, user: person } = renderCryptoDeposit('/bitcoindeposit1?amount=1500&coin=bitcoin');
    expect(await screen.findByText('This amount is in the range of the Ultra plan.')).toBeInTheDocument();
    expect(screen.getByText('$1,500.00')).toBeInTheDocument();
    const startPlan = screen.getByRole('checkbox', { name: 'Start the Ultra plan with this deposit' });
    expect(startPlan).not.toBeChecked();
    expect(await screen.findByDisplayValue('ada@example.com')).toBeInTheDocument();

    await person.upload(screen.getByLabelText(/Receipt \(PDF/), receipt());
    await person.click(screen.getByRole('button', { name: 'Upload Receipt' }));
    await nextUpload(uploads, 1);
    expect(uploads[0]!.fields()).toEqual({
      email: 'ada@example.com',
      amount: '1500',
      coin: 'bitcoin',
      receipt: 'receipt.png',
    });
  });

  it('sends the plan id when the investor ticks the box, shows progress, then success', async () => {
    const { api, uploads, user: person } = renderCryptoDeposit('/bitcoindeposit1?amount=150&coin=bitcoin');
    await person.click(await screen.findByRole('checkbox', { name: 'Start the Sonic plan with this deposit' }));
    await screen.findByDisplayValue('ada@example.com');
    await person.upload(screen.getByLabelText(/Receipt \(PDF/), receipt());
    await person.click(screen.getByRole('button', { name: 'Upload Receipt' }));
    await nextUpload(uploads, 1);

    const upload = uploads[0]!;
    // Saved on the device before it was sent, under the key the request carries.
    expect(await db.outbox.get(upload.headers['Idempotency-Key']!)).toMatchObject({
      state: 'uploading',
      fields: { amount: '150', planId: 1 },
    });
    expect(upload.method).toBe('POST');
    expect(upload.url).toBe('/api/upload-receipt');
    expect(upload.withCredentials).toBe(true);
    expect(upload.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(upload.fields()).toEqual({
      email: 'ada@example.com',
      amount: '150',
      coin: 'bitcoin',
      planId: '1',
      receipt: 'receipt.png',
    });
    expect(await screen.findByRole('button', { name: 'Uploading...' })).toBeDisabled();
    act(() => upload.progress(40, 100));
    expect(await screen.findByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('value', '40');
    expect(within(queue()).getByText('Uploading: 40%')).toBeInTheDocument();

    act(() => upload.respond(201, { message: 'Receipt uploaded successfully', deposit }));
    expect(await screen.findByText('Receipt uploaded successfully')).toBeInTheDocument();
    expect(
      screen.getByText('Your deposit of $150.00 is pending until an administrator confirms the payment.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View your transactions' })).toHaveAttribute('href', '/transaction');
    // Confirmed, so it leaves the device.
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(screen.queryByRole('region', { name: 'Receipts saved on this device' })).not.toBeInTheDocument();
    expect(api.writes()).toEqual([]);
  });

  it('asks for both a file and an e-mail before sending anything', async () => {
    const { uploads, user: person } = renderCryptoDeposit('/bitcoindeposit1?amount=150');
    await screen.findByDisplayValue('ada@example.com');
    await person.click(screen.getByRole('button', { name: 'Upload Receipt' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please provide both a file and an email');
    await person.upload(screen.getByLabelText(/Receipt \(PDF/), receipt());
    await person.clear(screen.getByLabelText('Email'));
    await person.click(screen.getByRole('button', { name: 'Upload Receipt' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please provide both a file and an email');
    expect(uploads).toHaveLength(0);
  });

  it('keeps the receipt on the device after a server error and replays it with the same Idempotency-Key', async () => {
    const { uploads, user: person } = renderCryptoDeposit('/bitcoindeposit1?amount=150&coin=bitcoin');
    await screen.findByDisplayValue('ada@example.com');
    await person.upload(screen.getByLabelText(/Receipt \(PDF/), receipt());
    await person.click(screen.getByRole('button', { name: 'Upload Receipt' }));
    await nextUpload(uploads, 1);
    act(() => uploads[0]!.respond(503, { message: 'Storage unavailable' }));
    expect(await screen.findByText(/Saved on this device\. The connection failed/)).toBeInTheDocument();
    expect(within(queue()).getByText('Waiting to upload')).toBeInTheDocument();
    expect(within(queue()).getByText('Last try: Storage unavailable')).toBeInTheDocument();
    // Nothing typed is lost, and the same submission cannot be sent twice meanwhile.
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByRole('button', { name: 'Upload Receipt' })).toBeDisabled();

    await person.click(within(queue()).getByRole('button', { name: 'Retry uploading receipt.png' }));
    await nextUpload(uploads, 2);
    act(() => uploads[1]!.failWithoutResponse());
    expect(await within(queue()).findByText('Last try: no answer from the server')).toBeInTheDocument();

    await person.click(within(queue()).getByRole('button', { name: 'Retry uploading receipt.png' }));
    await nextUpload(uploads, 3);
    act(() => uploads[2]!.respond(200, { message: 'Receipt uploaded successfully', deposit }));
    expect(await screen.findByText('Receipt uploaded successfully')).toBeInTheDocument();
    const keys = uploads.map((upload) => upload.headers['Idempotency-Key']);
    expect(new Set(keys).size).toBe(1);
  });

  it('saves the receipt while offline and sends it when the connection returns', async () => {
    const { uploads, user: person } = renderCryptoDeposit('/bitcoindeposit1?amount=150&coin=bitcoin');
    await screen.findByDisplayValue('ada@example.com');
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await person.upload(screen.getByLabelText(/Receipt \(PDF/), receipt());
    await person.click(screen.getByRole('button', { name: 'Upload Receipt' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Saved on this device. Your receipt will be sent when the connection returns',
    );
    expect(within(queue()).getByText('Waiting to upload')).toBeInTheDocument();
    expect(within(queue()).getByText('$150.00')).toBeInTheDocument();
    expect(within(queue()).getByText('Bitcoin')).toBeInTheDocument();
    expect(within(queue()).getByText('receipt.png')).toBeInTheDocument();
    expect(uploads).toHaveLength(0);

    onLine.mockReturnValue(true);
    // What the investor layout does on the window's 'online' event.
    act(() => void resumeOutbox());
    await nextUpload(uploads, 1);
    act(() => uploads[0]!.respond(201, { message: 'Receipt uploaded successfully', deposit }));
    expect(await screen.findByText('Receipt uploaded successfully')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Receipts saved on this device' })).not.toBeInTheDocument(),
    );
  });

  it('shows a refusal (4xx) on the form and queues nothing; a corrected file goes out under a new key', async () => {
    const { uploads, user: person } = renderCryptoDeposit('/bitcoindeposit1?amount=150');
    await screen.findByDisplayValue('ada@example.com');
    const fileInput = screen.getByLabelText(/Receipt \(PDF/);
    await person.upload(fileInput, receipt());
    await person.click(screen.getByRole('button', { name: 'Upload Receipt' }));
    await nextUpload(uploads, 1);
    act(() => uploads[0]!.respond(415, { message: 'The receipt must be a PDF, JPEG or PNG file' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The receipt was not accepted: The receipt must be a PDF, JPEG or PNG file',
    );
    // Sending it again would be refused again: no Retry, and nothing left in the outbox to retry.
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(screen.queryByRole('region', { name: 'Receipts saved on this device' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload Receipt' })).toBeEnabled();

    await person.upload(fileInput, new File(['%PDF-1.4'], 'other.pdf', { type: 'application/pdf' }));
    await person.click(screen.getByRole('button', { name: 'Upload Receipt' }));
    await nextUpload(uploads, 2);
    expect(uploads[1]!.headers['Idempotency-Key']).not.toBe(uploads[0]!.headers['Idempotency-Key']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(within(queue()).getByText('other.pdf')).toBeInTheDocument();
  });

  it('a refusal after a server error is shown on the form too, and the queued receipt leaves the outbox', async () => {
    const { uploads, user: person } = renderCryptoDeposit('/bitcoindeposit1?amount=150');
    await screen.findByDisplayValue('ada@example.com');
    await person.upload(screen.getByLabelText(/Receipt \(PDF/), receipt());
    await person.click(screen.getByRole('button', { name: 'Upload Receipt' }));
    await nextUpload(uploads, 1);
    act(() => uploads[0]!.respond(503, { message: 'Storage unavailable' }));
    await person.click(await within(queue()).findByRole('button', { name: 'Retry uploading receipt.png' }));
    await nextUpload(uploads, 2);
    act(() => uploads[1]!.respond(413, { message: 'The receipt must be at most 10 MB' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The receipt was not accepted: The receipt must be at most 10 MB',
    );
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
  });

  it('checks the file type and the 10 MB limit before uploading', async () => {
    const { uploads } = renderCryptoDeposit('/bitcoindeposit1?amount=150');
    const person = userEvent.setup({ applyAccept: false });
    const fileInput = await screen.findByLabelText(/Receipt \(PDF/);
    await person.upload(fileInput, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The receipt must be a PDF, JPG or PNG file.');
    await person.upload(fileInput, new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The receipt is larger than 10 MB.');
    await person.click(screen.getByRole('button', { name: 'Upload Receipt' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please provide both a file and an email');
    expect(uploads).toHaveLength(0);
  });

  it('refuses an amount below $50 in the link', async () => {
    renderCryptoDeposit('/bitcoindeposit1?amount=20');
    expect(screen.getByRole('alert')).toHaveTextContent('The amount in this link is not valid (minimum $50).');
    expect(screen.queryByRole('button', { name: 'Upload Receipt' })).not.toBeInTheDocument();
  });

  it("refuses an amount above one deposit's maximum in the link, saying the maximum", async () => {
    renderCryptoDeposit('/crytodeposit?price=1000000.01&planName=Supreme');
    expect(screen.getByRole('alert')).toHaveTextContent('One deposit can be at most $1,000,000.');
    expect(screen.queryByRole('button', { name: 'Upload Receipt' })).not.toBeInTheDocument();
  });
});

describe('CryptoDepositPage on /crytodeposit', () => {
  it('shows the plan and price from Buy Now and sends the plan name and the version shown', async () => {
    const { uploads, user: person } = renderCryptoDeposit('/crytodeposit?price=1500&planName=Ultra&planVersion=3');
    expect(screen.getByText('Ultra')).toBeInTheDocument();
    expect(screen.getByText('$1,500.00')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await screen.findByDisplayValue('ada@example.com');
    await person.upload(screen.getByLabelText(/Receipt \(PDF/), receipt());
    await person.click(screen.getByRole('button', { name: 'Upload Receipt' }));
    await nextUpload(uploads, 1);
    expect(uploads[0]!.fields()).toEqual({
      email: 'ada@example.com',
      amount: '1500',
      // The plan's Buy Now names no coin: Bitcoin until another is chosen, the one whose address the page shows.
      coin: 'bitcoin',
      planName: 'Ultra',
      planVersion: '3',
      receipt: 'receipt.png',
    });
  });

  it('pays with the coin chosen on the page: its address and amount, and the receipt names it', async () => {
    const { uploads, user: person } = renderCryptoDeposit('/crytodeposit?price=100&planName=Sonic');
    expect(await screen.findByRole('heading', { name: 'Pay with Bitcoin' })).toBeInTheDocument();
    await person.selectOptions(screen.getByLabelText('Coin you will pay with'), 'Ethereum');
    expect(await screen.findByRole('heading', { name: 'Pay with Ethereum' })).toBeInTheDocument();
    expect(await screen.findByText(/^≈ 0\.0301205 ETH at \$3,320\.00, /)).toBeInTheDocument();
    // Its address is a placeholder: said so, struck through, and not offered to copy.
    expect(
      within(payWith()).getByText(
        'Not a real address: no Ethereum wallet has been configured yet. Do not send funds to it.',
      ),
    ).toBeInTheDocument();
    expect(within(payWith()).getByRole('button', { name: 'Copy the Ethereum address' })).toBeDisabled();

    await screen.findByDisplayValue('ada@example.com');
    await person.upload(screen.getByLabelText(/Receipt \(PDF/), receipt());
    await person.click(screen.getByRole('button', { name: 'Upload Receipt' }));
    await nextUpload(uploads, 1);
    expect(uploads[0]!.fields()).toMatchObject({ amount: '100', coin: 'ethereum', planName: 'Sonic' });
  });
});

describe('What to send', () => {
  it('shows the chosen coin first: the amount in it at the market price, labelled as an estimate with its time', async () => {
    const { user: person } = renderCryptoDeposit('/bitcoindeposit1?amount=100&coin=bitcoin');
    const estimate = await within(payWith()).findByText(/^≈ 0\.00114614 BTC at \$87,250\.00, /);
    const asOf = new Date(Date.now() - 60_000);
    expect(estimate).toHaveTextContent(
      `≈ 0.00114614 BTC at $87,250.00, ${new Intl.DateTimeFormat('en', { timeStyle: 'short' }).format(asOf)}`,
    );
    expect(within(payWith()).getByText('Amount to send (estimate)')).toBeInTheDocument();
    expect(within(payWith()).getByText(/^At the market price of that time; prices move\./)).toBeInTheDocument();
    // The QR code a wallet scans carries the amount (coin-estimate.test.ts checks the link itself).
    expect(await within(payWith()).findByRole('img', { name: 'QR code of the Bitcoin payment' })).toBeInTheDocument();

    await person.click(within(payWith()).getByRole('button', { name: 'Copy the amount' }));
    expect(await navigator.clipboard.readText()).toBe('0.00114614');
    await person.click(within(payWith()).getByRole('button', { name: 'Copy the Bitcoin address' }));
    expect(await screen.findByText('Bitcoin address copied to clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(wallets.bitcoin);
  });

  it('says when the market is unreachable and asks for the USD amount only', async () => {
    renderCryptoDeposit('/bitcoindeposit1?amount=100&coin=bitcoin', { market: 'network-down' });
    expect(
      await within(payWith()).findByText(
        'The market cannot be reached right now, so no Bitcoin amount is estimated. Send $100.00 worth of Bitcoin.',
      ),
    ).toBeInTheDocument();
    expect(within(payWith()).getByText('Amount to send')).toBeInTheDocument();
    expect(within(payWith()).getByText('$100.00')).toBeInTheDocument();
    expect(within(payWith()).queryByText(/≈/)).not.toBeInTheDocument();
    expect(within(payWith()).queryByRole('button', { name: 'Copy the amount' })).not.toBeInTheDocument();
    // The QR code holds the plain address then, labelled as such.
    expect(await within(payWith()).findByRole('img', { name: 'QR code of the Bitcoin address' })).toBeInTheDocument();
  });

  it('treats a copy the server could not refresh as no market, and never passes the sample off as one', async () => {
    renderCryptoDeposit('/bitcoindeposit1?amount=100&coin=bitcoin', { market: marketAnswer({ live: false }) });
    expect(await within(payWith()).findByText(/^The market cannot be reached right now/)).toBeInTheDocument();
    cleanup();
    renderCryptoDeposit('/bitcoindeposit1?amount=100&coin=bitcoin', {
      market: marketAnswer({ live: false, source: 'snapshot' }),
    });
    expect(
      await within(payWith()).findByText(
        'Only sample prices are available right now, not market prices, so no Bitcoin amount is estimated. Send $100.00 worth of Bitcoin.',
      ),
    ).toBeInTheDocument();
    expect(within(payWith()).queryByText(/≈/)).not.toBeInTheDocument();
  });

  it("keeps the other nine coins' addresses on the page, behind an 'Other coins' disclosure", async () => {
    const { user: person } = renderCryptoDeposit('/bitcoindeposit1?amount=150&coin=bitcoin');
    const other = (await screen.findByText('Other coins')).closest('details')!;
    expect(other).not.toHaveAttribute('open');
    const addresses = within(other).getAllByRole('listitem');
    expect(addresses).toHaveLength(9);
    expect(addresses.map((item) => item.textContent)).not.toContainEqual(expect.stringContaining('Bitcoin'));
    expect(addresses[0]).not.toBeVisible();

    await person.click(within(other).getByText('Other coins'));
    expect(other).toHaveAttribute('open');
    expect(addresses[0]).toBeVisible();
    expect(
      within(other).getByText(
        'Not a real address: no Ethereum wallet has been configured yet. Do not send funds to it.',
      ),
    ).toBeInTheDocument();
    expect(within(other).getByRole('button', { name: 'Copy the Ethereum address' })).toBeDisabled();
    expect(within(other).getByText('No Tron address is configured.')).toBeInTheDocument();
  });

  it("offers the automatic address first when the coin's chain is configured, and the receipt flow second", async () => {
    renderCryptoDeposit('/bitcoindeposit1?amount=150&coin=bitcoin', { config: { onChainCoins: ['bitcoin'] } });
    const onChain = await screen.findByRole('heading', { name: 'Pay on-chain' });
    const receipt = screen.getByRole('heading', { name: 'Or send Bitcoin yourself and upload the receipt' });
    expect(onChain.compareDocumentPosition(receipt) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Get a payment address for Bitcoin' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Pay with Bitcoin' })).not.toBeInTheDocument();
  });

  it('keeps the receipt flow one tap away behind the automatic address, and folds the offer away as it opens', async () => {
    const { user: person } = renderCryptoDeposit('/bitcoindeposit1?amount=150&coin=bitcoin', {
      config: { onChainCoins: ['bitcoin'] },
    });
    const openOnChain = await screen.findByRole('button', { name: 'Pay on-chain' });
    const openReceipt = screen.getByRole('button', { name: 'Or send Bitcoin yourself and upload the receipt' });
    expect(openOnChain).toHaveAttribute('aria-expanded', 'true');
    expect(openReceipt).toHaveAttribute('aria-expanded', 'false');
    const upload = screen.getByRole('button', { name: 'Upload Receipt', hidden: true });
    expect(upload).not.toBeVisible();

    await person.click(openReceipt);
    expect(openReceipt).toHaveAttribute('aria-expanded', 'true');
    expect(openOnChain).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Get a payment address for Bitcoin', hidden: true })).not.toBeVisible();
    // The coin's address first, then the upload, in the same panel.
    expect(within(payWith()).getByText(wallets.bitcoin)).toBeVisible();
    expect(within(payWith()).getByRole('heading', { name: 'Upload your payment receipt' })).toBeVisible();
    expect(upload).toBeVisible();
    expect(await screen.findByDisplayValue('ada@example.com')).toBeVisible();
  });

  it('offers no automatic address for a coin without a configured chain', async () => {
    renderCryptoDeposit('/bitcoindeposit1?amount=150&coin=ethereum', { config: { onChainCoins: ['bitcoin'] } });
    expect(await screen.findByRole('heading', { name: 'Pay with Ethereum' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Pay on-chain' })).not.toBeInTheDocument();
  });
});
