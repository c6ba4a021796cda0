import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { planCatalogue } from '../../../../../api/contracts/plans';
import { ToastProvider } from '../../../components/ui/toast';
import { fakeApi } from '../../../test/fake-api';
import { operatorConfigFixture } from '../../../test/operator-config-fixture';
import { renderPageWithQuery } from '../../../test/render-page';
import { CryptoDepositPage } from './crypto-deposit-page';
import { stubUploads } from './fake-upload-server';

const wallets = {
  bitcoin: 'bc1qexampleexampleexampleexample0000',
  ethereum: 'PLACEHOLDER-ethereum-address',
};
const user = { id: 'u1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };
const receipt = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'receipt.png', { type: 'image/png' });
const deposit = { id: 'd1', amount: 150, coin: 'bitcoin', planName: 'Sonic', status: 'pending', rejectReason: null, createdAt: '2026-11-22T05:00:00Z' };

function renderCryptoDeposit(route: string) {
  const api = fakeApi({
    'GET /api/plans': { status: 200, body: { plans: planCatalogue } },
    'GET /api/config': { status: 200, body: { ...operatorConfigFixture, wallets } },
    'GET /api/user': { status: 200, body: { user } },
  });
  const uploads = stubUploads();
  renderPageWithQuery(<ToastProvider><CryptoDepositPage /></ToastProvider>, { route });
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
    expect(uploads[0]!.fields()).toEqual({ email: 'ada@example.com', amount: '1500', coin: 'bitcoin', receipt: 'receipt.png' });
  });

  it('sends the plan id when the investor ticks the box, shows progress, then success', async () => {
    const { api, uploads, user: person } = renderCryptoDeposit('/bitcoindeposit1?amount=150&coin=bitcoin');
    await person.click(await screen.findByRole('checkbox', { name: 'Start the Sonic plan with this deposit' }));
    await screen.findByDisplayValue('ada@example.com');
    await person.upload(screen.getByLabelText(/Receipt \(PDF/), receipt());
    await person.click(screen.getByRole('button', { name: 'Upload Receipt' }));

    const upload = uploads[0]!;
    expect(upload.method).toBe('POST');
    expect(upload.url).toBe('/api/upload-receipt');
    expect(upload.withCredentials).toBe(true);
    expect(upload.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(upload.fields()).toEqual({ email: 'ada@example.com', amount: '150', coin: 'bitcoin', planId: '1', receipt: 'receipt.png' });
    expect(screen.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
    act(() => upload.progress(40, 100));
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('value', '40');

    act(() => upload.respond(201, { message: 'Receipt uploaded successfully', deposit }));
    expect(await screen.findByText('Receipt uploaded successfully')).toBeInTheDocument();
    expect(screen.getByText('Your deposit of $150.00 is pending until an administrator confirms the payment.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View your transactions' })).toHaveAttribute('href', '/transaction');
    // The investor's figures are invalidated: the profile on screen is fetched again.
    await waitFor(() => expect(api.requestsTo('GET /api/user')).toHaveLength(2));
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

  it('shows the server message on failure and retries with the same Idempotency-Key', async () => {
    const { uploads, user: person } = renderCryptoDeposit('/bitcoindeposit1?amount=150&coin=bitcoin');
    await screen.findByDisplayValue('ada@example.com');
    await person.upload(screen.getByLabelText(/Receipt \(PDF/), receipt());
    await person.click(screen.getByRole('button', { name: 'Upload Receipt' }));
    act(() => uploads[0]!.respond(503, { message: 'Storage unavailable' }));
    expect(await screen.findByText('Error uploading receipt: Storage unavailable')).toBeInTheDocument();

    await person.click(screen.getByRole('button', { name: 'Retry' }));
    act(() => uploads[1]!.failWithoutResponse());
    expect(await screen.findByText('Error uploading receipt: No response from server')).toBeInTheDocument();

    await person.click(screen.getByRole('button', { name: 'Retry' }));
    act(() => uploads[2]!.respond(200, { message: 'Receipt uploaded successfully', deposit }));
    expect(await screen.findByText('Receipt uploaded successfully')).toBeInTheDocument();
    const keys = uploads.map((upload) => upload.headers['Idempotency-Key']);
    expect(new Set(keys).size).toBe(1);
  });

  it('starts a new Idempotency-Key when the file changes', async () => {
    const { uploads, user: person } = renderCryptoDeposit('/bitcoindeposit1?amount=150');
    await screen.findByDisplayValue('ada@example.com');
    const fileInput = screen.getByLabelText(/Receipt \(PDF/);
    await person.upload(fileInput, receipt());
    await person.click(screen.getByRole('button', { name: 'Upload Receipt' }));
    act(() => uploads[0]!.respond(500, { message: 'Boom' }));
    await screen.findByText('Error uploading receipt: Boom');
    await person.upload(fileInput, new File(['%PDF-1.4'], 'other.pdf', { type: 'application/pdf' }));
    await person.click(screen.getByRole('button', { name: 'Upload Receipt' }));
    expect(uploads[1]!.headers['Idempotency-Key']).not.toBe(uploads[0]!.headers['Idempotency-Key']);
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
});

describe('CryptoDepositPage on /crytodeposit', () => {
  it('shows the plan and price from Buy Now and sends the plan name', async () => {
    const { uploads, user: person } = renderCryptoDeposit('/crytodeposit?price=1500&planName=Ultra');
    expect(screen.getByText('Ultra')).toBeInTheDocument();
    expect(screen.getByText('$1,500.00')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await screen.findByDisplayValue('ada@example.com');
    await person.upload(screen.getByLabelText(/Receipt \(PDF/), receipt());
    await person.click(screen.getByRole('button', { name: 'Upload Receipt' }));
    expect(uploads[0]!.fields()).toEqual({ email: 'ada@example.com', amount: '1500', planName: 'Ultra', receipt: 'receipt.png' });
  });
});

describe('Wallet addresses', () => {
  it('lists ten labelled addresses, copies a real one and marks placeholders as not real', async () => {
    const { user: person } = renderCryptoDeposit('/bitcoindeposit1?amount=150&coin=bitcoin');
    expect(await screen.findByText(wallets.bitcoin)).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByText('Not a real address: no Ethereum wallet has been configured yet. Do not send funds to it.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy the Ethereum address' })).toBeDisabled();
    expect(screen.getByText('No Tron address is configured.')).toBeInTheDocument();

    await person.click(screen.getByRole('button', { name: 'Copy the Bitcoin address' }));
    expect(await screen.findByText('Bitcoin address copied to clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(wallets.bitcoin);
  });
});
