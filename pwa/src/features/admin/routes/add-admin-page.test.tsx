import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderPageWithQuery } from '../../../test/render-page';
import { AddAdminPage } from './add-admin-page';

describe('Add Admin', () => {
  it("checks the fields, then 'Admin added successfully' and an empty form", async () => {
    const api = fakeApi({
      'POST /api/admin/add-admin': { status: 201, body: { message: 'Admin added successfully' } },
    });
    renderPageWithQuery(<AddAdminPage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'new-admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'short');
    expect(screen.getByRole('meter', { name: 'Password strength' })).toHaveAttribute('aria-valuenow', '2');
    await user.click(screen.getByRole('button', { name: 'Add admin' }));
    expect(screen.getByText('The password must be at least 8 characters.')).toBeInTheDocument();
    expect(api.received).toEqual([]);

    await user.type(screen.getByLabelText('Password'), '-but-long-now');
    expect(screen.getByText('You now have a strong password')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name (optional)'), 'Nia New');
    await user.click(screen.getByRole('button', { name: 'Add admin' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Admin added successfully');
    expect(api.writes()).toEqual([
      {
        method: 'POST',
        url: '/api/admin/add-admin',
        body: { email: 'new-admin@example.com', password: 'short-but-long-now', name: 'Nia New' },
      },
    ]);
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it("shows 'Error adding admin', the server's field error by its field, and keeps the form", async () => {
    fakeApi({
      'POST /api/admin/add-admin': {
        status: 400,
        body: { message: 'Error adding admin', errors: { email: 'This e-mail already has an account' } },
      },
    });
    renderPageWithQuery(<AddAdminPage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'taken@example.com');
    await user.type(screen.getByLabelText('Password'), 'long-enough-1');
    await user.click(screen.getByRole('button', { name: 'Add admin' }));
    expect(await screen.findByText('Error adding admin')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('This e-mail already has an account');
    expect(screen.getByLabelText('Email')).toHaveValue('taken@example.com');
  });
});
