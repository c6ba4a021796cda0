import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderPageWithQuery } from '../../../test/render-page';
import { NotificationPreferences } from './notification-preferences';

const allOn = ['deposit', 'withdrawal', 'plan', 'referral'].map((category) => ({ category, email: true, push: true }));

describe('NotificationPreferences', () => {
  it('shows an e-mail and a push switch per category and saves a change at once', async () => {
    const api = fakeApi({
      'GET /api/notification-preferences': { status: 200, body: { preferences: allOn } },
      'PUT /api/notification-preferences': ({ body }) => ({
        status: 200,
        body: {
          preferences: allOn.map((one) =>
            one.category === 'plan' ? { ...one, ...(body as Partial<typeof one>) } : one,
          ),
        },
      }),
    });
    const user = userEvent.setup();
    renderPageWithQuery(<NotificationPreferences />);
    const plans = await screen.findByRole('checkbox', { name: 'Push: Plans bought and matured' });
    expect(screen.getAllByRole('checkbox').map((box) => (box as HTMLInputElement).checked)).toEqual(
      Array(8).fill(true),
    );
    await user.click(plans);
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(plans).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'E-mail: Plans bought and matured' })).toBeChecked();
    expect(api.writes()).toEqual([
      { method: 'PUT', url: '/api/notification-preferences', body: { category: 'plan', push: false } },
    ]);
    expect(screen.getByText(/Security notices .* are always sent/)).toBeInTheDocument();
  });

  it('says so when a change cannot be saved, and keeps what the server has', async () => {
    fakeApi({
      'GET /api/notification-preferences': { status: 200, body: { preferences: allOn } },
      'PUT /api/notification-preferences': { status: 503, body: { message: 'Unavailable' } },
    });
    const user = userEvent.setup();
    renderPageWithQuery(<NotificationPreferences />);
    const deposits = await screen.findByRole('checkbox', { name: 'E-mail: Deposits credited or rejected' });
    await user.click(deposits);
    expect(await screen.findByText('Your choice could not be saved. Try again.')).toBeInTheDocument();
    expect(deposits).toBeChecked();
  });
});
