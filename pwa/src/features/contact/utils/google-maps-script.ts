import { loadMapsScript, type MapsLoadResult } from './maps-loader';

// The browser side of the maps loader: one <script> per attempt, settled by the API's callback.

type LatLngLiteral = { lat: number; lng: number };
type MapsEvent = { latLng?: { toJSON(): LatLngLiteral } | null };
type MapInstance = {
  addListener(name: string, handler: (event: MapsEvent) => void): void;
  getZoom(): number | undefined;
};
type Overlay = { open(options: { map: MapInstance; anchor?: unknown }): void; close(): void };

/** The small part of the Google Maps JS API we use (no @types package needed for it). */
export type GoogleMapsApi = {
  Map: new (
    element: HTMLElement,
    options: { center: LatLngLiteral; zoom: number; minZoom: number; clickableIcons?: boolean },
  ) => MapInstance;
  Marker: new (options: { position: LatLngLiteral; map: MapInstance; title: string }) => unknown;
  InfoWindow: new (options: { content: string }) => Overlay;
};

declare global {
  interface Window {
    google?: { maps?: GoogleMapsApi };
    [callback: `__mapsReady${string}`]: (() => void) | undefined;
  }
}

export const MAPS_CALLBACK = '__mapsReadyContact';
const SCRIPT_TIMEOUT_MS = 10_000;

export const loadedMapsApi = () => window.google?.maps;

export function injectMapsScript(src: string): Promise<void> {
  if (loadedMapsApi()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    const settle = (error?: Error) => {
      window.clearTimeout(timer);
      window[MAPS_CALLBACK] = undefined;
      if (error) {
        script.remove();
        reject(error);
      } else {
        resolve();
      }
    };
    const timer = window.setTimeout(() => settle(new Error('Maps script timed out')), SCRIPT_TIMEOUT_MS);
    window[MAPS_CALLBACK] = () => settle();
    script.src = src;
    script.async = true;
    script.onerror = () => settle(new Error('Maps script failed to load'));
    document.head.append(script);
  });
}

const pendingLoads = new Map<string, Promise<MapsLoadResult>>();
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One load sequence per key at a time, shared by every map on screen (and by React's development
 * double mount); a failed sequence is forgotten so a later visit tries again.
 */
export function loadGoogleMaps(apiKey: string | undefined): Promise<MapsLoadResult> {
  const key = apiKey?.trim() ?? '';
  const pending = pendingLoads.get(key);
  if (pending) return pending;
  const load = loadMapsScript(key, MAPS_CALLBACK, {
    injectScript: injectMapsScript,
    wait,
    warn: (message) => console.warn(message),
  });
  pendingLoads.set(key, load);
  void load.then((result) => result === 'unavailable' && pendingLoads.delete(key));
  return load;
}
