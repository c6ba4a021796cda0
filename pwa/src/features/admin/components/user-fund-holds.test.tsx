import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderPageWithQuery } from '../../../test/render-page';
import { UserFundHolds } from './user-fund-holds';

const hold = (id: string, reason: 'kyc_limit' | 'sanctions', releasedAt: string | null = null) => ({
  id,
  amount: 250,
  reason,
  createdAt: '2026-11-20T10:00:00.000Z',
  releasedAt,
  releasedByAdmin: releasedAt !== null,
});

describe('the held money on an admin’s user page', () => {
  it('lists the holds and releases a kyc_limit one with a note; a sanctions hold has no release here', async () => {
    const api = fakeApi({
      'GET /api/admin/users/u1/fund-holds': {
        status: 200,
        body: {
          holds: [hold('h1', 'kyc_limit'), hold('h2', 'sanctions'), hold('h3', 'kyc_limit', '2026-11-21T10:00:00Z')],
        },
      },
      'POST /api/admin/fund-holds/h1/release': {
        status: 200,
        body: { message: 'Released', hold: hold('h1', 'kyc_limit', '2026-11-22T10:00:00Z') },
      },
    });
    renderPageWithQuery(<UserFundHolds userId="u1" />);
    const section = await screen.findByRole('region', { name: 'Held money' });
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[1]!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(items[2]!).queryByRole('button')).not.toBeInTheDocument();
    const user = userEvent.setup();
    const release = within(items[0]!).getByRole('button', { name: 'Release $250.00' });
    await user.click(release);
    expect(within(items[0]!).getByText('Say why you release it.')).toBeInTheDocument();
    expect(api.writes()).toEqual([]);
    await user.type(within(items[0]!).getByLabelText('Why you release it'), 'Source of funds checked');
    await user.click(release);
    expect(await within(items[0]!).findByRole('status')).toHaveTextContent('Released to their available balance.');
    expect(api.writes()).toEqual([
      { method: 'POST', url: '/api/admin/fund-holds/h1/release', body: { note: 'Source of funds checked' } },
    ]);
  });
});
