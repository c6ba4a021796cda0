import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderPageWithQuery } from '../../test/render-page';
import { SessionsPanel } from './sessions-panel';

const phone = {
  id: 'phone-session',
  userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Mobile Safari/537.36',
  ip: '203.0.113.9',
  createdAt: '2026-11-20T10:00:00Z',
  lastSeenAt: '2026-11-23T10:00:00Z',
  current: false,
};
const laptop = {
  id: 'laptop-session',
  userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) Version/17.5 Safari/605.1.15',
  ip: '198.51.100.4',
  createdAt: '2026-11-21T10:00:00Z',
  lastSeenAt: '2026-11-23T11:00:00Z',
  current: true,
};

describe('SessionsPanel', () => {
  it('lists the sessions, marks this device, and ends another one', async () => {
    const api = fakeApi({
      'GET /api/sessions': [
        { status: 200, body: { sessions: [laptop, phone] } },
        { status: 200, body: { sessions: [laptop] } },
      ],
      'DELETE /api/sessions/phone-session': { status: 200, body: { message: 'Session ended' } },
    });
    renderPageWithQuery(<SessionsPanel />);
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Safari on macOS')).toBeInTheDocument();
    expect(within(items[0]!).getByText('This device')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Chrome on Android')).toBeInTheDocument();
    expect(within(items[1]!).getByText('203.0.113.9')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(items[1]!).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findAllByRole('listitem')).toHaveLength(1);
    expect(api.writes()).toEqual([{ method: 'DELETE', url: '/api/sessions/phone-session', body: undefined }]);
    expect(screen.queryByRole('button', { name: 'Sign out all other sessions' })).not.toBeInTheDocument();
  });
});
