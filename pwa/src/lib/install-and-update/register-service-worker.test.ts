import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './register-service-worker';

/** A registration as the browser hands it over: a worker may wait, a new one may start installing later. */
function fakeWorkers({ controlled, waiting }: { controlled: boolean; waiting: boolean }) {
  const registration = Object.assign(new EventTarget(), {
    waiting: waiting ? ({} as ServiceWorker) : null,
    installing: null as (EventTarget & { state: string }) | null,
  });
  const container = {
    controller: controlled ? ({} as ServiceWorker) : null,
    register: vi.fn(async () => registration as unknown as ServiceWorkerRegistration),
  };
  /** A new version found and installed: it waits, as sw.ts makes it. */
  const installNewVersion = () => {
    const installing = Object.assign(new EventTarget(), { state: 'installing' });
    registration.installing = installing;
    registration.dispatchEvent(new Event('updatefound'));
    installing.state = 'installed';
    registration.installing = null;
    registration.waiting = {} as ServiceWorker;
    installing.dispatchEvent(new Event('statechange'));
  };
  return { container: container as unknown as ServiceWorkerContainer, register: container.register, installNewVersion };
}

describe('the service worker registration', () => {
  it('registers /sw.js for the whole site and announces nothing on the first install', async () => {
    const workers = fakeWorkers({ controlled: false, waiting: false });
    const announce = vi.fn();
    await registerServiceWorker(announce, workers.container);
    expect(workers.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    workers.installNewVersion();
    expect(announce).not.toHaveBeenCalled();
  });

  it('announces a new version installed while an older one controls the page', async () => {
    const workers = fakeWorkers({ controlled: true, waiting: false });
    const announce = vi.fn();
    await registerServiceWorker(announce, workers.container);
    expect(announce).not.toHaveBeenCalled();
    workers.installNewVersion();
    expect(announce).toHaveBeenCalledTimes(1);
  });

  it('announces a version already waiting when the page loads (installed by another tab)', async () => {
    const workers = fakeWorkers({ controlled: true, waiting: true });
    const announce = vi.fn();
    await registerServiceWorker(announce, workers.container);
    expect(announce).toHaveBeenCalledTimes(1);
  });

  it('leaves a browser without service workers, or one that refuses the registration, alone', async () => {
    const announce = vi.fn();
    await expect(registerServiceWorker(announce, undefined)).resolves.toBeUndefined();
    const refusing = { controller: null, register: vi.fn(async () => Promise.reject(new Error('blocked'))) };
    await expect(
      registerServiceWorker(announce, refusing as unknown as ServiceWorkerContainer),
    ).resolves.toBeUndefined();
    const stubbed = { controller: null, register: vi.fn(async () => undefined) };
    await expect(
      registerServiceWorker(announce, stubbed as unknown as ServiceWorkerContainer),
    ).resolves.toBeUndefined();
    expect(announce).not.toHaveBeenCalled();
  });
});
