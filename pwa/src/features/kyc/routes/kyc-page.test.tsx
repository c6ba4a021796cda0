import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { KycStatusAnswer } from '../../../../../api/contracts/kyc';
import persianKyc from '../../../../../locales/fa/kyc.json';
import { i18n } from '../../../lib/i18n/i18n';
import { fakeApi } from '../../../test/fake-api';
import { renderPageWithQuery } from '../../../test/render-page';
import { KycPage } from './kyc-page';

const userData = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', emailVerified: true };
const limits = { deposit: { limit: 1_000, used: 250 }, withdrawal: { limit: 500, used: 0 } };
const answer = (overrides: Partial<KycStatusAnswer>): KycStatusAnswer => ({
  level: 0,
  limits,
  emailVerified: true,
  submission: null,
  ...overrides,
});
const session = { status: 200, body: { signedIn: true, role: 'investor', userData } };

describe('identity check page', () => {
  it('shows level 0, the limits with what is used, the next step and the form with camera pickers', async () => {
    fakeApi({ 'GET /api/session': session, 'GET /api/kyc': { status: 200, body: answer({}) } });
    renderPageWithQuery(<KycPage />);
    expect(await screen.findByRole('heading', { name: 'Level 0' })).toBeInTheDocument();
    // Each amount in its own left-to-right isolate, so right-to-left sentences keep "US$" and its digits in order.
    const deposits = screen.getByText('Deposits').closest('div')!;
    expect(deposits).toHaveTextContent('$250.00 of $1,000.00 used');
    expect(deposits).toHaveTextContent('$750.00 left');
    expect([...deposits.querySelectorAll('bdi[dir="ltr"]')].map((amount) => amount.textContent)).toEqual([
      '$250.00',
      '$1,000.00',
      '$750.00',
    ]);
    expect(screen.getByText('E-mail address verified.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Submit your identity' })).toBeInTheDocument();
    expect(screen.getByLabelText('Selfie')).toHaveAttribute('capture', 'user');
    expect(screen.getByLabelText('Document, front')).toHaveAttribute('capture', 'environment');
    expect(screen.getByLabelText('Document, back')).toHaveAttribute('accept', 'image/jpeg,image/png');
  });

  it('asks for the e-mail first, without the form', async () => {
    fakeApi({ 'GET /api/session': session, 'GET /api/kyc': { status: 200, body: answer({ emailVerified: false }) } });
    renderPageWithQuery(<KycPage />);
    expect(await screen.findByText('Verify your e-mail address: open the link we e-mailed you.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Submit your identity' })).not.toBeInTheDocument();
  });

  it('shows a pending submission without the form', async () => {
    const submission = {
      status: 'pending' as const,
      reason: null,
      submittedAt: '2026-11-28T10:00:00.000Z',
      decidedAt: null,
    };
    fakeApi({ 'GET /api/session': session, 'GET /api/kyc': { status: 200, body: answer({ submission }) } });
    renderPageWithQuery(<KycPage />);
    expect(await screen.findByRole('heading', { name: 'Your submission is being reviewed' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Submit your identity' })).not.toBeInTheDocument();
  });

  it('shows a rejection with its reason, and Resubmit opens the form', async () => {
    const submission = {
      status: 'rejected' as const,
      reason: 'The photo is blurred',
      submittedAt: '2026-11-28T10:00:00.000Z',
      decidedAt: '2026-11-28T11:00:00.000Z',
    };
    fakeApi({ 'GET /api/session': session, 'GET /api/kyc': { status: 200, body: answer({ submission }) } });
    renderPageWithQuery(<KycPage />);
    expect(await screen.findByRole('heading', { name: 'Your submission was not approved' })).toBeInTheDocument();
    expect(screen.getByText('The photo is blurred')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Submit your identity' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Resubmit' }));
    expect(screen.getByRole('heading', { name: 'Submit your identity' })).toBeInTheDocument();
  });

  it('shows level 1 once approved', async () => {
    const submission = {
      status: 'approved' as const,
      reason: null,
      submittedAt: '2026-11-28T10:00:00.000Z',
      decidedAt: '2026-11-28T11:00:00.000Z',
    };
    fakeApi({ 'GET /api/session': session, 'GET /api/kyc': { status: 200, body: answer({ level: 1, submission }) } });
    renderPageWithQuery(<KycPage />);
    expect(await screen.findByRole('heading', { name: 'Level 1' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your identity is verified' })).toBeInTheDocument();
    expect(screen.getByText('Identity verified.')).toBeInTheDocument();
  });
});

describe('identity check page in Persian', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('writes the level number in Persian digits, as the sentence under it does', async () => {
    i18n.addResourceBundle('fa', 'kyc', persianKyc, true, true);
    await i18n.changeLanguage('fa');
    fakeApi({ 'GET /api/session': session, 'GET /api/kyc': { status: 200, body: answer({}) } });
    renderPageWithQuery(<KycPage />);
    expect(await screen.findByRole('heading', { name: 'سطح ۰' })).toBeInTheDocument();
    expect(screen.queryByText(/سطح 0/)).not.toBeInTheDocument();
  });
});
