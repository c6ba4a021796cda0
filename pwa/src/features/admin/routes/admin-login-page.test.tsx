import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, type FakeReply } from '../../../test/fake-api';
import { renderRoutesWithQuery } from '../../../test/render-page';
import { AdminLoginPage } from './admin-login-page';

function renderLogin(reply: FakeReply | FakeReply[]) {
  const api = fakeApi({ 'POST /api/admin/login': reply });
  const { router } = renderRoutesWithQuery(
    [
      { path: '/login', element: <AdminLoginPage /> },
      { path: '/dashboard-overview', element: <h1>Admin dashboard</h1> },
      { path: '/admin/security', element: <h1>Admin security</h1> },
    ],
    { route: '/login' },
  );
  return { api, router, user: userEvent.setup() };
}

async function signIn(
  user: ReturnType<typeof userEvent.setup>,
  email = 'boss@example.com',
  password = 'admin-password',
) {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('admin login (/login)', () => {
  beforeEach(() => localStorage.clear());

  it("shows 'Invalid email or password' on 401, keeps what was typed and stores nothing", async () => {
    const { api, user } = renderLogin({ status: 401, body: { message: 'Invalid email or password' } });
    await signIn(user, 'investor@example.com', 'investor-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(api.writes()).toEqual([
      {
        method: 'POST',
        url: '/api/admin/login',
        body: { email: 'investor@example.com', password: 'investor-password' },
      },
    ]);
    expect(screen.getByLabelText('Email')).toHaveValue('investor@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('investor-password');
    expect(localStorage.getItem('adminId')).toBeNull();
  });

  it('stores the adminId and goes to /dashboard-overview on success', async () => {
    const { router, user } = renderLogin({
      status: 200,
      body: { message: 'Login successful', adminId: 'a1b2c3d4-0000-4000-8000-000000000001', token: 't' },
    });
    await signIn(user);
    expect(await screen.findByRole('heading', { name: 'Admin dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard-overview');
    expect(localStorage.getItem('adminId')).toBe('a1b2c3d4-0000-4000-8000-000000000001');
  });

  it('asks for the two-factor code when required and sends it with the password', async () => {
    const { api, router, user } = renderLogin([
      { status: 401, body: { message: 'Two-factor code required', twoFactorRequired: true } },
      {
        status: 200,
        body: { message: 'Login successful', adminId: 'a1b2c3d4-0000-4000-8000-000000000001', token: 't' },
      },
    ]);
    await signIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the code from your authenticator app.');
    await user.type(screen.getByLabelText('Two-factor code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Admin dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard-overview');
    expect(api.writes()[1]!.body).toEqual({ email: 'boss@example.com', password: 'admin-password', code: '123456' });
  });

  it('sends an admin who must enrol in two-factor to the Security page', async () => {
    const { router, user } = renderLogin({
      status: 200,
      body: {
        message: 'Login successful',
        adminId: 'a1b2c3d4-0000-4000-8000-000000000001',
        token: 't',
        twoFactorEnrollmentRequired: true,
      },
    });
    await signIn(user);
    expect(await screen.findByRole('heading', { name: 'Admin security' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?enrol=1');
  });

  it('asks to wait when rate limited (429)', async () => {
    const { user } = renderLogin({ status: 429, body: { message: 'Too many requests' } });
    await signIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many sign-in attempts. Please wait a few minutes and try again.',
    );
  });

  it('checks the fields before sending anything', async () => {
    const { api, user } = renderLogin({ status: 200, body: {} });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter the e-mail address.')).toBeInTheDocument();
    expect(screen.getByText('Enter the password.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Email address is not valid')).toBeInTheDocument();
    expect(api.received).toEqual([]);
  });
});
