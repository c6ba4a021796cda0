import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderPageWithQuery } from '../../test/render-page';
import { PushSwitch } from './push-switch';

// The server's VAPID public key: 65 bytes, 0x04 first.
const publicKey = `BA${'QEB'.repeat(28)}AQ`;
const keyBytes = Uint8Array.from(Buffer.from(publicKey, 'base64url'));

/** A browser with the Push API whose permission and subscription the test controls. */
function pushBrowser(permission: NotificationPermission, answer: NotificationPermission = 'granted') {
  let subscription: {
    endpoint: string;
    options: { applicationServerKey: ArrayBuffer };
    toJSON(): unknown;
    unsubscribe(): Promise<boolean>;
  } | null = null;
  const requestPermission = vi.fn(async () => {
    state.permission = answer;
    return answer;
  });
  const state = { permission, requestPermission };
  const subscribe = vi.fn(async ({ applicationServerKey }: { applicationServerKey: Uint8Array }) => {
    subscription = {
      endpoint: 'https://push.example.net/send/abc',
      options: { applicationServerKey: applicationServerKey.slice().buffer },
      toJSON: () => ({
        endpoint: 'https://push.example.net/send/abc',
        expirationTime: null,
        keys: { p256dh: 'p', auth: 'a' },
      }),
      unsubscribe: vi.fn(async () => {
        subscription = null;
        return true;
      }),
    };
    return subscription;
  });
  const pushManager = { getSubscription: async () => subscription, subscribe };
  vi.stubGlobal('Notification', state);
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve({ pushManager }), getRegistration: async () => ({ pushManager }) },
  });
  return { requestPermission, subscribe, current: () => subscription };
}

afterEach(() => {
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

describe('PushSwitch', () => {
  it('says so in a browser without the Push API, and offers no button', async () => {
    renderPageWithQuery(<PushSwitch />);
    expect(await screen.findByText(/This browser cannot show notifications/)).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('asks permission only when pressed, then subscribes with the server key and hands the subscription over', async () => {
    const browser = pushBrowser('default');
    const api = fakeApi({
      'GET /api/push/public-key': { status: 200, body: { publicKey } },
      'POST /api/push-subscriptions': { status: 201, body: { message: 'Notifications are on for this browser' } },
      'DELETE /api/push-subscriptions': { status: 200, body: { removed: 1 } },
    });
    const user = userEvent.setup();
    renderPageWithQuery(<PushSwitch />);
    const turnOn = await screen.findByRole('button', { name: 'Turn on notifications' });
    expect(browser.requestPermission).not.toHaveBeenCalled();
    await user.click(turnOn);
    expect(await screen.findByText('Notifications are on for this device.')).toBeInTheDocument();
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: keyBytes });
    expect(api.writes()).toEqual([
      {
        method: 'POST',
        url: '/api/push-subscriptions',
        body: { endpoint: 'https://push.example.net/send/abc', expirationTime: null, keys: { p256dh: 'p', auth: 'a' } },
      },
    ]);

    await user.click(screen.getByRole('button', { name: 'Turn off notifications on this device' }));
    expect(await screen.findByRole('button', { name: 'Turn on notifications' })).toBeInTheDocument();
    expect(browser.current()).toBeNull();
    expect(api.writes().at(-1)).toEqual({
      method: 'DELETE',
      url: '/api/push-subscriptions',
      body: { endpoint: 'https://push.example.net/send/abc' },
    });
  });

  it('offers the button while the app’s service worker is still installing, instead of showing nothing', async () => {
    pushBrowser('default');
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { ready: new Promise(() => {}), getRegistration: async () => undefined },
    });
    renderPageWithQuery(<PushSwitch />);
    expect(await screen.findByRole('button', { name: 'Turn on notifications' })).toBeInTheDocument();
  });

  it('explains a refusal, now or earlier, and what undoes it', async () => {
    pushBrowser('default', 'denied');
    const user = userEvent.setup();
    renderPageWithQuery(<PushSwitch />);
    await user.click(await screen.findByRole('button', { name: 'Turn on notifications' }));
    expect(await screen.findByText(/Notifications are blocked for this site/)).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says why it failed when the browser cannot subscribe, and stays off', async () => {
    const browser = pushBrowser('granted');
    browser.subscribe.mockRejectedValueOnce(new DOMException('Registration failed - push service error', 'AbortError'));
    fakeApi({ 'GET /api/push/public-key': { status: 200, body: { publicKey } } });
    const user = userEvent.setup();
    renderPageWithQuery(<PushSwitch />);
    await user.click(await screen.findByRole('button', { name: 'Turn on notifications' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Notifications could not be turned on (Registration failed - push service error). Try again.',
    );
    expect(screen.getByRole('button', { name: 'Turn on notifications' })).toBeInTheDocument();
  });
});
