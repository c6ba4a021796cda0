import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, searchOf, type ReceivedRequest } from '../../../test/fake-api';
import { renderPageWithQuery } from '../../../test/render-page';
import { MessagesPage } from './messages-page';

function messagesAnswer(request: ReceivedRequest) {
  const page = Number(searchOf(request).get('page'));
  const message = {
    id: page,
    fullName: `Sender ${page}`,
    email: `s${page}@example.com`,
    budget: '',
    subject: page === 1 ? 'Investment' : '',
    message: `Text ${page}`,
    createdAt: '2026-03-01T10:00:00.000Z',
  };
  return { status: 200, body: { messages: [message], total: 21, page, pageSize: 20 } };
}

describe('Messages', () => {
  it('shows the contact messages read-only, a page at a time', async () => {
    const api = fakeApi({ 'GET /api/admin/messages': messagesAnswer });
    renderPageWithQuery(<MessagesPage />);
    const first = await screen.findByRole('article', { name: 'Investment' });
    expect(first).toHaveTextContent('Sender 1');
    expect(within(first).getByRole('link', { name: 's1@example.com' })).toHaveAttribute(
      'href',
      'mailto:s1@example.com',
    );
    expect(screen.getByText('Messages received: 21')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete|Reply/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('article', { name: 'No subject' })).toHaveTextContent('Text 2');
    expect(api.requestsTo('GET /api/admin/messages').map((request) => searchOf(request).get('page'))).toEqual([
      '1',
      '2',
    ]);
  });
});
