import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { announceUpdate } from '../../lib/install-and-update/app-update';
import { isIosSafariBrowser } from '../../lib/install-and-update/ios-safari';
import { InstallApp } from './install-app';
import { UpdatePrompt } from './update-prompt';

describe('install', () => {
  it('offers an Install button once the browser fires beforeinstallprompt, and opens its dialog once', async () => {
    render(<InstallApp />);
    expect(screen.queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument();
    const prompt = vi.fn(async () => undefined);
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    act(() => void window.dispatchEvent(event));
    // The browser's own mini-infobar is replaced by our button.
    expect(event.defaultPrevented).toBe(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Install app' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument();
  });

  it('tells iPhone and iPad Safari users to add the app from Share, not other iOS browsers or an installed app', () => {
    const iphoneSafari =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
    expect(isIosSafariBrowser(iphoneSafari, false)).toBe(true);
    expect(isIosSafariBrowser(iphoneSafari, true)).toBe(false);
    expect(isIosSafariBrowser(iphoneSafari.replace('Version/17.0', 'CriOS/120.0'), false)).toBe(false);
    expect(
      isIosSafariBrowser(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Safari/537.36',
        undefined,
      ),
    ).toBe(false);
  });
});

describe('update prompt', () => {
  it('says an update is available, and on Reload tells the waiting worker to take over, reloading once it does', async () => {
    const waiting = { postMessage: vi.fn() };
    const serviceWorkers = Object.assign(new EventTarget(), { getRegistration: async () => ({ waiting }) });
    Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorkers, configurable: true });
    const reload = vi.fn();
    Object.defineProperty(window, 'location', { value: { ...window.location, reload }, configurable: true });

    render(<UpdatePrompt />);
    expect(screen.queryByText('Update available.')).not.toBeInTheDocument();
    act(() => announceUpdate());
    expect(await screen.findByText('Update available.')).toBeInTheDocument();
    expect(waiting.postMessage).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await vi.waitFor(() => expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' }));
    // The page keeps running until the new worker controls it.
    expect(reload).not.toHaveBeenCalled();
    serviceWorkers.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
