import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, searchOf, type ReceivedRequest } from '../../../test/fake-api';
import { renderPageWithQuery } from '../../../test/render-page';
import { UsersPage } from './users-page';

const person = (n: number) => ({
  id: `u${n}`,
  name: `Person ${n}`,
  email: `p${n}@example.com`,
  country: 'FR',
  createdAt: '2026-02-01T00:00:00.000Z',
  emailVerified: n % 2 === 0,
  availableBalance: n * 10.5,
});

function usersAnswer(request: ReceivedRequest) {
  const query = searchOf(request);
  const page = Number(query.get('page'));
  const search = query.get('search');
  const all = search ? [person(7)] : Array.from({ length: 45 }, (_, index) => person(index + 1));
  return { status: 200, body: { users: all.slice((page - 1) * 20, page * 20), total: all.length, page, pageSize: 20 } };
}

describe('Registered Users', () => {
  it('shows the total, the table, pages, and searches once typing stops', async () => {
    const api = fakeApi({ 'GET /api/count': { status: 200, body: { count: 45 } }, 'GET /api/users': usersAnswer });
    renderPageWithQuery(<UsersPage />);
    expect(await screen.findByText('Total registered users: 45')).toBeInTheDocument();
    expect(await screen.findByText('p1@example.com')).toBeInTheDocument();
    expect(screen.getByText('Person 1').closest('tr')).toHaveTextContent(/France.*Feb 1, 2026.*No.*\$10\.50/);
    expect(screen.getByRole('link', { name: 'Person 1' })).toHaveAttribute('href', '/admin/users/u1');
    expect(screen.getByRole('link', { name: /Export CSV/ })).toHaveAttribute('href', '/api/admin/export/users');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('p41@example.com')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Search by name or e-mail'), 'person 7');
    expect(await screen.findByText('Users matching “person 7”: 1')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('p41@example.com')).not.toBeInTheDocument());
    const searches = api
      .requestsTo('GET /api/users')
      .map((request) => searchOf(request).get('search'))
      .filter(Boolean);
    // Debounced: one request for the whole phrase, starting again at page 1.
    expect(searches).toEqual(['person 7']);
    expect(searchOf(api.requestsTo('GET /api/users').at(-1)!).get('page')).toBe('1');
    expect(screen.getByRole('link', { name: /Export CSV/ })).toHaveAttribute(
      'href',
      '/api/admin/export/users?search=person+7',
    );
  });

  it('says a search found more than the API counts, instead of a total', async () => {
    fakeApi({
      'GET /api/count': { status: 200, body: { count: 300000 } },
      'GET /api/users': { status: 200, body: { users: [person(1)], total: 1000, capped: true, page: 1, pageSize: 20 } },
    });
    renderPageWithQuery(<UsersPage />);
    await userEvent.setup().type(await screen.findByLabelText('Search by name or e-mail'), 'example');
    expect(
      await screen.findByText('More than 1,000 users match “example”: add to the search to narrow it.'),
    ).toBeInTheDocument();
  });
});
