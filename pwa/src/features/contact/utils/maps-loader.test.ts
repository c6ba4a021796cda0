import { describe, expect, it, vi } from 'vitest';
import {
  MAPS_CENTER,
  isWithinHoverDistance,
  loadMapsScript,
  mapsScriptUrl,
  pixelDistance,
  retryDelayMs,
  type MapsLoaderDeps,
} from './maps-loader';

function fakeDeps(failuresBeforeSuccess: number) {
  let calls = 0;
  const deps: MapsLoaderDeps = {
    injectScript: vi.fn(async () => {
      calls += 1;
      if (calls <= failuresBeforeSuccess) throw new Error('network');
    }),
    wait: vi.fn(async () => {}),
    warn: vi.fn(),
  };
  return deps;
}

describe('maps loader', () => {
  it('follows the spec delay rule attempt × 2^attempt', () => {
    expect([1, 2, 3].map(retryDelayMs)).toEqual([2, 8, 24]);
  });

  it('requests nothing and falls back when no key is configured', async () => {
    const deps = fakeDeps(0);
    await expect(loadMapsScript('', 'cb', deps)).resolves.toBe('unavailable');
    await expect(loadMapsScript(undefined, 'cb', deps)).resolves.toBe('unavailable');
    expect(deps.injectScript).not.toHaveBeenCalled();
  });

  it('retries three times with growing delays, warning each time, then falls back', async () => {
    const deps = fakeDeps(Infinity);
    await expect(loadMapsScript('key-1', 'cb', deps)).resolves.toBe('unavailable');
    expect(deps.injectScript).toHaveBeenCalledTimes(4);
    expect(vi.mocked(deps.wait).mock.calls.map(([ms]) => ms)).toEqual([2, 8, 24]);
    expect(vi.mocked(deps.warn).mock.calls.map(([message]) => message)).toEqual([
      'Failed to load Google Maps script, retrying in 2 ms',
      'Failed to load Google Maps script, retrying in 8 ms',
      'Failed to load Google Maps script, retrying in 24 ms',
    ]);
  });

  it('stops retrying as soon as a retry succeeds', async () => {
    const deps = fakeDeps(2);
    await expect(loadMapsScript('key-1', 'cb', deps)).resolves.toBe('loaded');
    expect(deps.injectScript).toHaveBeenCalledTimes(3);
    expect(deps.warn).toHaveBeenCalledTimes(2);
  });

  it('puts the key and callback in the script URL', () => {
    const url = new URL(mapsScriptUrl('a b&c', 'initMap'));
    expect(url.origin + url.pathname).toBe('https://maps.googleapis.com/maps/api/js');
    expect(url.searchParams.get('key')).toBe('a b&c');
    expect(url.searchParams.get('callback')).toBe('initMap');
  });

  it('counts a pointer within 30 px of the marker as hovering it', () => {
    const near = { lat: MAPS_CENTER.lat, lng: MAPS_CENTER.lng + 0.02 };
    const far = { lat: MAPS_CENTER.lat, lng: MAPS_CENTER.lng + 0.05 };
    // At zoom 10 one pixel spans about 0.00137 degrees of longitude.
    expect(pixelDistance(MAPS_CENTER, near, 10)).toBeCloseTo(14.6, 0);
    expect(isWithinHoverDistance(near, MAPS_CENTER, 10)).toBe(true);
    expect(isWithinHoverDistance(far, MAPS_CENTER, 10)).toBe(false);
  });
});
