import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { readSession, saveSession } from '../../../lib/session-store';
import { fakeFetch, sentRequest } from '../../../test/fake-fetch';
import { renderPage } from '../../../test/render-page';
import { RestoreEmailPage } from './restore-email-page';

const TOKEN = 'restore-token-0123456789abcdef';

describe('RestoreEmailPage', () => {
  beforeEach(() => {
    localStorage.clear();
    saveSession({ user: { email: 'intruder@example.com' }, referralLink: 'http://x/referral/X' });
  });

  it('restores only when asked (a prefetching mail scanner sends nothing), then signs this browser out', async () => {
    const fetchMock = fakeFetch({
      status: 200,
      body: { message: 'Your e-mail address has been restored and every device signed out' },
    });
    renderPage(<RestoreEmailPage />, { route: `/restore-email?token=${TOKEN}` });
    expect(screen.getByRole('heading', { level: 1, name: 'Restore your e-mail address' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Restore my e-mail address' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your e-mail address is restored');
    expect(sentRequest(fetchMock)).toEqual({ url: '/api/restore-email', method: 'POST', body: { token: TOKEN } });
    expect(readSession()).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
  });

  it('explains a used or expired link, and a missing token', async () => {
    fakeFetch({ status: 400, body: { message: 'Invalid or expired link' } });
    const { unmount } = renderPage(<RestoreEmailPage />, { route: `/restore-email?token=${TOKEN}` });
    await userEvent.click(screen.getByRole('button', { name: 'Restore my e-mail address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is invalid, was already used or has expired');
    unmount();
    renderPage(<RestoreEmailPage />, { route: '/restore-email' });
    expect(screen.getByRole('alert')).toHaveTextContent('This page needs the link from the e-mail');
    expect(screen.queryByRole('button', { name: 'Restore my e-mail address' })).not.toBeInTheDocument();
  });
});
