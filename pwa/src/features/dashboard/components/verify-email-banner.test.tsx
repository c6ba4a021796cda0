import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../lib/offline/db';
import { investorQueryKeys } from '../../../lib/queries/investor';
import { fakeApi } from '../../../test/fake-api';
import { renderPageWithQuery } from '../../../test/render-page';
import { VerifyEmailBanner } from './verify-email-banner';

const session = (emailVerified: boolean) => ({
  status: 200,
  body: {
    signedIn: true,
    role: 'investor',
    userData: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      referralCode: 'ADA123',
      referralsCount: 0,
      emailVerified,
    },
  },
});

const banner = () => screen.findByRole('region', { name: 'Verify your e-mail address' });

describe('the dashboard banner until the e-mail is verified', () => {
  // Each test starts without the copy of the session an earlier one left on the (fake) device.
  beforeEach(() => db.personal.clear());

  it('names the address and how long a code works, and leads to the page that takes the code', async () => {
    fakeApi({ 'GET /api/session': session(false) });
    renderPageWithQuery(<VerifyEmailBanner />);
    const shown = await banner();
    expect(shown).toHaveTextContent('We e-mailed a 6-digit code to ada@example.com. It works for 15 minutes.');
    expect(within(shown).getByRole('link', { name: 'Enter the code' })).toHaveAttribute(
      'href',
      '/email-verification?email=ada%40example.com',
    );
  });

  it('shows until the session says the address is verified, then goes', async () => {
    fakeApi({ 'GET /api/session': [session(false), session(true)] });
    const { client } = renderPageWithQuery(<VerifyEmailBanner />);
    await banner();
    // What the verification page does once the code is accepted.
    await client.invalidateQueries({ queryKey: investorQueryKeys.userData });
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Verify your e-mail address' })).not.toBeInTheDocument(),
    );
  });

  it('is not there for a verified address', async () => {
    const api = fakeApi({ 'GET /api/session': session(true) });
    const { client } = renderPageWithQuery(<VerifyEmailBanner />);
    await expect.poll(() => client.getQueryState(investorQueryKeys.userData)?.status).toBe('success');
    expect(api.requestsTo('GET /api/session')).toHaveLength(1);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('sends a new code to the address, and says when to ask again once the server refuses more', async () => {
    const api = fakeApi({
      'GET /api/session': session(false),
      'POST /api/verify-email/resend': [
        {
          status: 202,
          body: { message: 'If this e-mail needs verifying, a new code is on its way.', expiresInMinutes: 15 },
        },
        {
          status: 429,
          body: { message: '3 new codes were asked for in 15 minutes: try again in 12 minutes' },
          headers: { 'Retry-After': '720' },
        },
        'network-down',
      ],
    });
    renderPageWithQuery(<VerifyEmailBanner />);
    const user = userEvent.setup();
    const shown = await banner();
    await user.click(within(shown).getByRole('button', { name: 'Send again' }));
    expect(await within(shown).findByRole('status')).toHaveTextContent(
      'A new code is on its way to ada@example.com. It works for 15 minutes; the earlier code no longer does.',
    );
    expect(api.writes()).toEqual([
      { method: 'POST', url: '/api/verify-email/resend', body: { email: 'ada@example.com' } },
    ]);
    await user.click(within(shown).getByRole('button', { name: 'Send again' }));
    expect(await within(shown).findByRole('alert')).toHaveTextContent(
      'You have asked for several new codes. Try again in 12 minutes.',
    );
    await user.click(within(shown).getByRole('button', { name: 'Send again' }));
    expect(await within(shown).findByRole('alert')).toHaveTextContent(
      'You are offline. Send again once you are back online.',
    );
  });
});
