import { describe, expect, it, vi } from 'vitest';
import { openNotificationLink, readPushPayload, showPushNotification } from './push-handlers';

const message = (value: unknown) => ({ json: () => value });

describe('readPushPayload', () => {
  it('keeps the title, body and link the server sends', () => {
    expect(readPushPayload(message({ title: 'Deposit', body: '$5', link: '/transaction?tab=deposit' }))).toEqual({
      title: 'Deposit',
      body: '$5',
      link: '/transaction?tab=deposit',
    });
  });

  it('shows nothing for an empty, unreadable or foreign message, or a link off the app', () => {
    expect(readPushPayload(null)).toBeUndefined();
    expect(
      readPushPayload({
        json: () => {
          throw new SyntaxError('not JSON');
        },
      }),
    ).toBeUndefined();
    expect(readPushPayload(message({ title: 'x', body: 'y' }))).toBeUndefined();
    expect(readPushPayload(message({ title: 'x', body: 'y', link: 'https://evil.example/' }))).toBeUndefined();
    expect(readPushPayload(message({ title: 'x', body: 'y', link: '//evil.example/' }))).toBeUndefined();
  });
});

describe('the notification', () => {
  it('carries the link to open, with the app icon', async () => {
    const registration = { showNotification: vi.fn(async () => undefined) };
    await showPushNotification(registration, { title: 'Paid', body: 'Sent', link: '/transaction' });
    expect(registration.showNotification).toHaveBeenCalledWith('Paid', {
      body: 'Sent',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { link: '/transaction' },
    });
  });
});

describe('openNotificationLink', () => {
  const windowAt = (url: string) => ({
    url,
    focus: vi.fn(async () => undefined),
    navigate: vi.fn(async () => undefined),
  });

  it('brings an open window of the app forward and shows the page there', async () => {
    const open = windowAt('https://app.example/dashboard');
    const clients = { matchAll: vi.fn(async () => [windowAt('https://other.example/'), open]), openWindow: vi.fn() };
    await openNotificationLink(clients, 'https://app.example', { link: '/transaction?tab=withdrawal' });
    expect(open.focus).toHaveBeenCalled();
    expect(open.navigate).toHaveBeenCalledWith('https://app.example/transaction?tab=withdrawal');
    expect(clients.openWindow).not.toHaveBeenCalled();
  });

  it('opens a new window when none is open, and the notifications page for a missing or foreign link', async () => {
    const clients = { matchAll: vi.fn(async () => []), openWindow: vi.fn(async () => undefined) };
    await openNotificationLink(clients, 'https://app.example', { link: '/receipts' });
    await openNotificationLink(clients, 'https://app.example', { link: 'https://evil.example/' });
    await openNotificationLink(clients, 'https://app.example', null);
    expect(clients.openWindow.mock.calls).toEqual([
      ['https://app.example/receipts'],
      ['https://app.example/notifications'],
      ['https://app.example/notifications'],
    ]);
  });
});
