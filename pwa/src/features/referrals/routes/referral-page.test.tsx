import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderPageWithQuery } from '../../../test/render-page';
import { ReferralPage } from './referral-page';

const userData = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  referralCode: 'ADA123',
  referralsCount: 2,
  emailVerified: true,
};
const summary = {
  referralCode: 'ADA123',
  referralLink: 'http://localhost:5173/referral/ADA123',
  referralsCount: 2,
  referralBonus: 25,
  referrals: [
    { firstName: 'Grace', joinedAt: '2026-02-01T09:00:00.000Z', bonus: 25 },
    { firstName: 'Alan', joinedAt: '2026-02-03T09:00:00.000Z', bonus: 0 },
  ],
};

describe('referral page', () => {
  it("says 'Loading...', then welcomes by first name with the link, count, bonus and the list", async () => {
    fakeApi({
      'GET /api/session': { status: 200, body: { signedIn: true, role: 'investor', userData } },
      'GET /api/referrals': { status: 200, body: summary },
    });
    renderPageWithQuery(<ReferralPage />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByText('Welcome, Ada!')).toBeInTheDocument();
    expect(screen.getByLabelText('Your referral link')).toHaveValue('http://localhost:5173/referral/ADA123');
    expect(screen.getByText('Number of referrals').nextElementSibling).toHaveTextContent('2');
    expect(screen.getByText('Referral Bonus').nextElementSibling).toHaveTextContent('$25.00');
    const rows = within(screen.getByRole('table', { name: 'Your referrals' }))
      .getAllByRole('row')
      .slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Grace', 'Feb 1, 2026', '$25.00'],
      ['Alan', 'Feb 3, 2026', '$0.00'],
    ]);
  });

  it('copies the referral link', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { clipboard: { writeText } }));
    fakeApi({
      'GET /api/session': { status: 200, body: { signedIn: true, role: 'investor', userData } },
      'GET /api/referrals': { status: 200, body: summary },
    });
    renderPageWithQuery(<ReferralPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('http://localhost:5173/referral/ADA123');
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();
  });

  it('shows the empty list for an investor nobody joined yet', async () => {
    fakeApi({
      'GET /api/session': { status: 200, body: { signedIn: true, role: 'investor', userData } },
      'GET /api/referrals': { status: 200, body: { ...summary, referralsCount: 0, referralBonus: 0, referrals: [] } },
    });
    renderPageWithQuery(<ReferralPage />);
    expect(await screen.findByText('Nobody has joined with your link yet.')).toBeInTheDocument();
    expect(screen.getByText('Referral Bonus').nextElementSibling).toHaveTextContent('$0.00');
  });

  it("says 'Error fetching user data' when the API fails", async () => {
    fakeApi({
      'GET /api/session': { status: 200, body: { signedIn: true, role: 'investor', userData } },
      'GET /api/referrals': { status: 404, body: { message: 'Not found' } },
    });
    renderPageWithQuery(<ReferralPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error fetching user data');
  });

  it("says 'No user data available' when the answer has no user", async () => {
    fakeApi({
      'GET /api/session': { status: 200, body: { signedIn: true, role: 'investor', userData: null } },
      'GET /api/referrals': { status: 200, body: summary },
    });
    renderPageWithQuery(<ReferralPage />);
    expect(await screen.findByText('No user data available')).toBeInTheDocument();
  });
});
