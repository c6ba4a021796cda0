import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderPageWithQuery } from '../../../test/render-page';
import { AdminSecurityPage } from './admin-security-page';

const thisDesk = {
  id: 'desk',
  userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) Version/17.5 Safari/605.1.15',
  ip: '198.51.100.4',
  createdAt: '2026-11-21T10:00:00Z',
  lastSeenAt: '2026-11-23T11:00:00Z',
  current: true,
};
const phone = { ...thisDesk, id: 'phone', userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/126.0', current: false };

function renderSecurityPage(routes: Parameters<typeof fakeApi>[0], enrolled = false) {
  const api = fakeApi({
    'GET /api/2fa': { status: 200, body: { enabled: enrolled, recoveryCodesLeft: enrolled ? 10 : 0 } },
    ...routes,
  });
  renderPageWithQuery(<AdminSecurityPage />, { route: '/admin/security' });
  return api;
}

const form = async () =>
  (await screen.findByRole('heading', { name: 'Change my password' })).closest('section') as HTMLElement;

describe("the admin's Security page: Change my password", () => {
  it('asks for both passwords before sending, rates the new one as sign-up does, and ends the other sessions', async () => {
    const api = renderSecurityPage({
      'GET /api/sessions': [
        { status: 200, body: { sessions: [thisDesk, phone] } },
        { status: 200, body: { sessions: [thisDesk] } },
      ],
      'POST /api/admin/change-password': {
        status: 200,
        body: { message: 'Password changed; your other sessions have ended' },
      },
    });
    const section = await form();
    const user = userEvent.setup();
    expect(within(section).queryByLabelText('Two-factor code')).not.toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(within(section).getByText('Enter your current password.')).toBeInTheDocument();
    expect(within(section).getByText('The password must be at least 8 characters.')).toBeInTheDocument();
    expect(api.writes()).toEqual([]);

    await user.type(within(section).getByLabelText('Current password'), 'first admin password');
    expect(within(section).queryByText('Enter your current password.')).not.toBeInTheDocument();
    await user.type(within(section).getByLabelText('New password'), 'Correct-Horse-Battery-9');
    expect(within(section).getByRole('meter', { name: 'Password strength' })).toHaveAttribute(
      'aria-valuetext',
      'You now have a strong password',
    );
    expect(await screen.findAllByText('Chrome on Android')).toHaveLength(1);
    await user.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(await within(section).findByRole('status')).toHaveTextContent(
      'Password changed. Your other sessions have ended.',
    );
    expect(api.writes()).toEqual([
      {
        method: 'POST',
        url: '/api/admin/change-password',
        body: { currentPassword: 'first admin password', newPassword: 'Correct-Horse-Battery-9' },
      },
    ]);
    // The sessions list below no longer shows the phone.
    await expect.poll(() => screen.queryAllByText('Chrome on Android')).toHaveLength(0);
    expect(within(section).getByLabelText('Current password')).toHaveValue('');
  });

  it('says a wrong current password by its field, once', async () => {
    renderSecurityPage({
      'GET /api/sessions': { status: 200, body: { sessions: [thisDesk] } },
      'POST /api/admin/change-password': {
        status: 400,
        body: {
          message: 'Current password is incorrect',
          errors: { currentPassword: 'Current password is incorrect' },
        },
      },
    });
    const section = await form();
    const user = userEvent.setup();
    await user.type(within(section).getByLabelText('Current password'), 'not my password');
    await user.type(within(section).getByLabelText('New password'), 'another long password');
    await user.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(await within(section).findByText('The current password is incorrect.')).toBeInTheDocument();
    expect(within(section).queryByText('The password could not be changed. Please try again.')).not.toBeInTheDocument();
  });

  it('asks for the two-factor code once enrolled, sends it, and says a wrong one by the code field', async () => {
    const api = renderSecurityPage(
      {
        'GET /api/sessions': { status: 200, body: { sessions: [thisDesk] } },
        'POST /api/admin/change-password': [
          { status: 401, body: { message: 'Invalid two-factor code' } },
          { status: 200, body: { message: 'Password changed; your other sessions have ended' } },
        ],
      },
      true,
    );
    const section = await form();
    const user = userEvent.setup();
    const code = await within(section).findByLabelText('Two-factor code');
    await user.type(within(section).getByLabelText('Current password'), 'first admin password');
    await user.type(within(section).getByLabelText('New password'), 'another long password');
    await user.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(within(section).getByText('Enter the code from your authenticator app.')).toBeInTheDocument();
    expect(api.writes()).toEqual([]);
    await user.type(code, '123456');
    await user.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(
      await within(section).findByText('That code is not valid. Enter the current code from your app.'),
    ).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '654321');
    await user.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(await within(section).findByRole('status')).toHaveTextContent('Password changed.');
    expect(api.writes().map((write) => write.body)).toEqual([
      { currentPassword: 'first admin password', newPassword: 'another long password', code: '123456' },
      { currentPassword: 'first admin password', newPassword: 'another long password', code: '654321' },
    ]);
  });
});
