import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NotificationBell } from '../../../lib/notifications/notification-bell';
import { fakeApi } from '../../../test/fake-api';
import { renderRoutesWithQuery } from '../../../test/render-page';
import { NotificationsPage } from './notifications-page';

const credited = {
  id: '12',
  kind: 'deposit.confirmed',
  title: 'Deposit of $80.00 credited',
  body: 'Your deposit of $80.00 in Bitcoin is confirmed and in your available balance.',
  link: '/transaction?tab=deposit',
  createdAt: '2026-11-24T10:00:00.000Z',
  readAt: null,
};
const paid = {
  id: '9',
  kind: 'withdrawal.paid',
  title: 'Withdrawal of $20.00 paid',
  body: '$20.00 was sent to your Bitcoin address.',
  link: '/transaction?tab=withdrawal',
  createdAt: '2026-11-23T10:00:00.000Z',
  readAt: '2026-11-23T11:00:00.000Z',
};

function renderNotifications() {
  return renderRoutesWithQuery(
    [
      {
        path: '/notifications',
        element: (
          <>
            <NotificationBell className="bell" />
            <NotificationsPage />
          </>
        ),
      },
      { path: '/transaction', element: <h1>History page</h1> },
    ],
    { route: '/notifications' },
  );
}

describe('notifications', () => {
  it('lists them newest first, the unread ones marked, and the bell counts the unread', async () => {
    fakeApi({
      'GET /api/notifications': { status: 200, body: { notifications: [credited, paid], unread: 1, total: 2 } },
    });
    renderNotifications();
    const items = within(await screen.findByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.notifications-item__title')?.textContent)).toEqual([
      'Unread: Deposit of $80.00 credited',
      'Withdrawal of $20.00 paid',
    ]);
    expect(within(items[0]!).getByRole('link')).toHaveAttribute('href', '/transaction?tab=deposit');
    expect(screen.getByRole('link', { name: 'Notifications: 1 unread' })).toHaveTextContent('1');
  });

  it('marks all read', async () => {
    let unread = [credited.id];
    const api = fakeApi({
      'GET /api/notifications': () => ({
        status: 200,
        body: {
          notifications: [credited, paid].map((item) => ({
            ...item,
            readAt: unread.includes(item.id) ? null : (item.readAt ?? '2026-11-24T12:00:00.000Z'),
          })),
          unread: unread.length,
          total: 2,
        },
      }),
      'POST /api/notifications/read': () => {
        unread = [];
        return { status: 200, body: { marked: 1 } };
      },
    });
    const user = userEvent.setup();
    renderNotifications();
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
    expect(api.writes()).toEqual([{ method: 'POST', url: '/api/notifications/read', body: { all: true } }]);
  });

  it('marks one read when it is opened, and goes to its page', async () => {
    const api = fakeApi({
      'GET /api/notifications': { status: 200, body: { notifications: [credited, paid], unread: 1, total: 2 } },
      'POST /api/notifications/read': { status: 200, body: { marked: 1 } },
    });
    const user = userEvent.setup();
    renderNotifications();
    const [first, second] = within(await screen.findByRole('list')).getAllByRole('link');
    expect(second).toBeDefined();
    await user.click(first!);
    expect(await screen.findByRole('heading', { name: 'History page' })).toBeInTheDocument();
    expect(api.writes()).toEqual([{ method: 'POST', url: '/api/notifications/read', body: { ids: ['12'] } }]);
  });

  it("shows an operator's notice of work already decided as done, outside the bell's count", async () => {
    const receipt = (id: string, amount: string) => ({
      id,
      kind: 'operator.receipt',
      title: `Receipt of ${amount} waiting`,
      body: `ada@example.com uploaded a receipt for ${amount}. It waits for a decision.`,
      link: '/receipts',
      createdAt: '2026-11-24T10:00:00.000Z',
    });
    const waiting = { ...receipt('21', '$90.00'), readAt: null };
    const decided = {
      ...receipt('20', '$80.00'),
      readAt: '2026-11-24T11:00:00.000Z',
      doneAt: '2026-11-24T11:00:00.000Z',
    };
    fakeApi({
      'GET /api/notifications': { status: 200, body: { notifications: [waiting, decided], unread: 1, total: 2 } },
    });
    renderNotifications();
    const items = within(await screen.findByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.notifications-item__title')?.textContent)).toEqual([
      'Unread: Receipt of $90.00 waiting',
      'Receipt of $80.00 waitingDone',
    ]);
    expect(within(items[0]!).queryByText('Done')).not.toBeInTheDocument();
    expect(within(items[1]!).getByText('Done')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notifications: 1 unread' })).toHaveTextContent('1');
  });

  it('says so when there are none', async () => {
    fakeApi({ 'GET /api/notifications': { status: 200, body: { notifications: [], unread: 0, total: 0 } } });
    renderNotifications();
    expect(await screen.findByText(/Nothing yet: when your money moves/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notifications' })).not.toHaveTextContent(/\d/);
  });
});
