import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeFetch, sentRequest } from '../../../test/fake-fetch';
import { renderPage } from '../../../test/render-page';
import { UpdatePasswordPage } from './update-password-page';

const TOKEN = 'reset-token-0123456789abcdef';

async function enter(first: string, second: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('New password'), first);
  await user.type(screen.getByLabelText('Confirm password'), second);
  await user.click(screen.getByRole('button', { name: 'Update password' }));
  return user;
}

describe('UpdatePasswordPage', () => {
  it('explains a link without a token and offers a new one', () => {
    fakeFetch();
    renderPage(<UpdatePasswordPage />, { route: '/update-password' });
    expect(screen.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This page needs the link from your reset e-mail');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute('href', '/reset-password');
  });

  it('shows a strength meter under each field', async () => {
    fakeFetch();
    renderPage(<UpdatePasswordPage />, { route: `/update-password?token=${TOKEN}` });
    await userEvent.setup().type(screen.getByLabelText('New password'), 'abcdefghij');
    const meters = screen.getAllByRole('meter', { name: 'Password strength' });
    expect(meters.map((meter) => meter.getAttribute('aria-valuenow'))).toEqual(['6', '0']);
  });

  it('says the passwords do not match and sends nothing', async () => {
    const fetchMock = fakeFetch();
    renderPage(<UpdatePasswordPage />, { route: `/update-password?token=${TOKEN}` });
    await enter('first-password', 'second-password');
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sends token and new password, clears the fields and shows the Password Reset! dialog', async () => {
    const fetchMock = fakeFetch({ status: 200, body: { message: 'Your password has been reset' } });
    renderPage(<UpdatePasswordPage />, { route: `/update-password?token=${TOKEN}` });
    const user = await enter('a-new-password', 'a-new-password');
    const dialog = await screen.findByRole('dialog', { name: 'Password Reset!' });
    expect(sentRequest(fetchMock)).toEqual({
      url: '/api/reset-password/confirm',
      method: 'POST',
      body: { token: TOKEN, newPassword: 'a-new-password' },
    });
    expect(within(dialog).getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/product-home');
    expect(screen.getByLabelText('New password')).toHaveValue('');
    expect(screen.getByLabelText('Confirm password')).toHaveValue('');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('tells the reader when the link has expired', async () => {
    fakeFetch({ status: 400, body: { message: 'Invalid or expired reset link' } });
    renderPage(<UpdatePasswordPage />, { route: `/update-password?token=${TOKEN}` });
    await enter('a-new-password', 'a-new-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link is invalid or has expired');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the server rule for a too short password beside the field', async () => {
    fakeFetch({
      status: 400,
      body: {
        message: 'Please correct the highlighted fields',
        errors: { newPassword: 'Password must be at least 8 characters' },
      },
    });
    renderPage(<UpdatePasswordPage />, { route: `/update-password?token=${TOKEN}` });
    await enter('short', 'short');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
  });
});
