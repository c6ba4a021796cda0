import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { readSession } from '../../../lib/session-store';
import { fakeFetch, sentRequest } from '../../../test/fake-fetch';
import { renderPage } from '../../../test/render-page';
import { SignInPage } from './sign-in-page';

function renderSignIn() {
  renderPage(
    <Routes>
      <Route path="/sign-in" element={<SignInPage />} />
      <Route path="/dashboard" element={<h1>Dashboard stand-in</h1>} />
    </Routes>,
    { route: '/sign-in' },
  );
}

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

afterEach(() => localStorage.clear());

describe('SignInPage', () => {
  it('asks for both fields without calling the server', async () => {
    const fetchMock = fakeFetch();
    renderSignIn();
    await fillAndSubmit('ada@example.com', '');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in all fields');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('warns inline when the e-mail field is left empty', async () => {
    fakeFetch();
    renderSignIn();
    const user = userEvent.setup();
    expect(screen.queryByText('Email address is not valid')).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Email'));
    await user.tab();
    expect(screen.getByText('Email address is not valid')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'a');
    expect(screen.queryByText('Email address is not valid')).not.toBeInTheDocument();
  });

  it('sends rememberMe, stores user and referral link (never a token) and opens the dashboard', async () => {
    const fetchMock = fakeFetch({
      status: 200,
      body: {
        token: 'secret-jwt',
        referralLink: 'https://x.test/referral/ABC',
        user: { firstName: 'Ada', email: 'ada@example.com' },
      },
    });
    renderSignIn();
    await userEvent.setup().click(screen.getByLabelText('Remember me'));
    await fillAndSubmit('ada@example.com', 'correct horse');
    expect(await screen.findByRole('heading', { name: 'Dashboard stand-in' })).toBeInTheDocument();
    expect(sentRequest(fetchMock)).toEqual({
      url: '/api/signin',
      method: 'POST',
      body: { email: 'ada@example.com', password: 'correct horse', rememberMe: true },
    });
    expect(readSession()).toEqual({
      user: { firstName: 'Ada', email: 'ada@example.com' },
      referralLink: 'https://x.test/referral/ABC',
    });
    expect(JSON.stringify(localStorage)).not.toContain('secret-jwt');
  });

  it('disables the button with a spinner while signing in', async () => {
    let release = () => {};
    fakeFetch({
      status: 401,
      body: { message: 'Invalid email or password' },
      until: new Promise<void>((resolve) => {
        release = resolve;
      }),
    });
    renderSignIn();
    await fillAndSubmit('ada@example.com', 'pw');
    const busy = await screen.findByRole('button', { name: 'Signing in…' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    release();
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('shows the server message on a refusal and stays on the page', async () => {
    fakeFetch({ status: 401, body: { message: 'Invalid email or password' } });
    renderSignIn();
    await fillAndSubmit('ada@example.com', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(readSession()).toBeNull();
  });

  it('shows an unknown server message as it is', async () => {
    fakeFetch({ status: 403, body: { message: 'Account suspended' } });
    renderSignIn();
    await fillAndSubmit('ada@example.com', 'pw');
    expect(await screen.findByRole('alert')).toHaveTextContent('Account suspended');
  });

  it('shows the generic text when the request itself fails', async () => {
    fakeFetch('network-down');
    renderSignIn();
    await fillAndSubmit('ada@example.com', 'pw');
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred. Please try again.');
  });

  it('toggles the password visibility', async () => {
    fakeFetch();
    renderSignIn();
    const user = userEvent.setup();
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('asks for the two-factor code when the server requires it, then sends it with the password', async () => {
    const fetchMock = fakeFetch(
      { status: 401, body: { message: 'Two-factor code required', twoFactorRequired: true } },
      { status: 401, body: { message: 'Invalid two-factor code' } },
      {
        status: 200,
        body: {
          token: 'jwt',
          referralLink: 'https://x.test/referral/ABC',
          user: { firstName: 'Ada', email: 'ada@example.com' },
        },
      },
    );
    renderSignIn();
    const user = await fillAndSubmit('ada@example.com', 'correct horse');
    const codeField = await screen.findByLabelText('Two-factor code');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.type(codeField, '000000');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(
      await screen.findByText('That code is not valid. Enter the current code from your app.'),
    ).toBeInTheDocument();
    await user.clear(codeField);
    await user.type(codeField, '123456');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard stand-in' })).toBeInTheDocument();
    expect(sentRequest(fetchMock, 0)!.body).not.toHaveProperty('code');
    expect(sentRequest(fetchMock, 2)!.body).toEqual({
      email: 'ada@example.com',
      password: 'correct horse',
      rememberMe: false,
      code: '123456',
    });
  });
});
