import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeFetch, sentRequest } from '../../../test/fake-fetch';
import { renderPage } from '../../../test/render-page';
import { ResetPasswordPage } from './reset-password-page';

describe('ResetPasswordPage', () => {
  it.each(['', 'ada', 'ada@example', 'ada example@x.io'])('blocks %j with the pattern message', async (email) => {
    const fetchMock = fakeFetch();
    renderPage(<ResetPasswordPage />);
    const user = userEvent.setup();
    if (email) await user.type(screen.getByLabelText('Email'), email);
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText('Email address is not valid')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the address and shows the neutral answer', async () => {
    const fetchMock = fakeFetch({
      status: 202,
      body: { message: 'If this e-mail is registered, a reset link is on its way.' },
    });
    renderPage(<ResetPasswordPage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If this e-mail is registered, a reset link is on its way.',
    );
    expect(sentRequest(fetchMock)).toEqual({
      url: '/api/reset-password',
      method: 'POST',
      body: { email: 'ada@example.com' },
    });
  });

  it('asks the reader to wait when rate limited', async () => {
    fakeFetch({
      status: 429,
      body: { message: 'Too many requests, please try again later' },
      headers: { 'Retry-After': '30' },
    });
    renderPage(<ResetPasswordPage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts');
  });
});
