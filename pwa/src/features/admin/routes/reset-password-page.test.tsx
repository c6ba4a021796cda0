import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderPageWithQuery } from '../../../test/render-page';
import { ResetPasswordPage } from './reset-password-page';

describe('Reset Password', () => {
  it("'Password reset successfully' on success, 'Error resetting password' on failure (form kept)", async () => {
    const api = fakeApi({
      'POST /api/admin/reset-password': [
        { status: 400, body: { message: 'Error resetting password', errors: { email: 'No account has this e-mail' } } },
        { status: 200, body: { message: 'Password reset successfully' } },
      ],
    });
    renderPageWithQuery(<ResetPasswordPage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("User's e-mail"), 'ines@example.com');
    await user.type(screen.getByLabelText('New password'), 'fresh-password-1');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Error resetting password')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveValue('fresh-password-1');

    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Password reset successfully');
    expect(api.writes()[1]).toMatchObject({ body: { email: 'ines@example.com', newPassword: 'fresh-password-1' } });
    expect(screen.getByLabelText("User's e-mail")).toHaveValue('');
  });
});
