import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeFetch, sentRequest } from '../../../test/fake-fetch';
import { investorQueryKeys } from '../../../lib/queries/investor';
import { createTestQueryClient, renderPageWithQuery } from '../../../test/render-page';
import { EmailVerificationPage } from './email-verification-page';

describe('EmailVerificationPage', () => {
  it('needs a 6-digit code before calling the server', async () => {
    const fetchMock = fakeFetch();
    renderPageWithQuery(<EmailVerificationPage />, { route: '/email-verification?email=ada@example.com' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Verification code'), '12a3');
    expect(screen.getByLabelText('Verification code')).toHaveValue('123');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('The code has 6 digits')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('verifies the code, and translates a refused one', async () => {
    const fetchMock = fakeFetch(
      { status: 400, body: { message: 'Invalid or expired verification code' } },
      { status: 200, body: { message: 'Email verified' } },
    );
    // A signed-in investor came from the dashboard, whose banner shows until the session check says verified.
    const client = createTestQueryClient();
    client.setQueryData(investorQueryKeys.userData, { email: 'ada@example.com', emailVerified: false });
    renderPageWithQuery(<EmailVerificationPage />, { route: '/email-verification?email=ada@example.com', client });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This code is invalid or has expired.');
    expect(client.getQueryState(investorQueryKeys.userData)?.isInvalidated).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your e-mail is verified.');
    expect(client.getQueryState(investorQueryKeys.userData)?.isInvalidated).toBe(true);
    expect(sentRequest(fetchMock, 1)).toEqual({
      url: '/api/verify-email',
      method: 'POST',
      body: { email: 'ada@example.com', verificationCode: '123456' },
    });
  });

  it('resends a code to the address given', async () => {
    const fetchMock = fakeFetch({ status: 202, body: { message: 'ok' } });
    renderPageWithQuery(<EmailVerificationPage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByRole('status')).toHaveTextContent('a new code is on its way');
    expect(sentRequest(fetchMock)).toEqual({
      url: '/api/verify-email/resend',
      method: 'POST',
      body: { email: 'ada@example.com' },
    });
  });
});
