// Loading the maps script with the spec's retry rule, kept free of the DOM so the schedule is testable.

export const MAPS_MAX_RETRIES = 3;
export const MAPS_CENTER = { lat: 29.6461, lng: -82.6065 } as const; // near Newberry, Florida
export const MAPS_ZOOM = 10;
export const MAPS_MIN_ZOOM = 3;
export const MAPS_HOVER_DISTANCE_PX = 30;

export type MapsLoadResult = 'loaded' | 'unavailable';

export interface MapsLoaderDeps {
  /** Adds the script once and settles when it loads or fails. */
  injectScript: (src: string) => Promise<void>;
  wait: (ms: number) => Promise<void>;
  warn: (message: string) => void;
}

/** The spec's delay before retry number `attempt` (1-based): attempt × 2^attempt ms. */
export const retryDelayMs = (attempt: number) => attempt * 2 ** attempt;

export function mapsScriptUrl(apiKey: string, callbackName: string): string {
  const query = new URLSearchParams({ key: apiKey, callback: callbackName, loading: 'async' });
  return `https://maps.googleapis.com/maps/api/js?${query.toString()}`;
}

/**
 * One first try plus up to MAPS_MAX_RETRIES retries. With no key nothing is requested at all;
 * after the last failure the caller shows the plain address card (a warning, never an error).
 */
export async function loadMapsScript(
  apiKey: string | undefined,
  callbackName: string,
  deps: MapsLoaderDeps,
): Promise<MapsLoadResult> {
  if (!apiKey?.trim()) return 'unavailable';
  const src = mapsScriptUrl(apiKey.trim(), callbackName);
  for (let attempt = 0; ; attempt += 1) {
    try {
      await deps.injectScript(src);
      return 'loaded';
    } catch {
      if (attempt >= MAPS_MAX_RETRIES) return 'unavailable';
      const delay = retryDelayMs(attempt + 1);
      deps.warn(`Failed to load Google Maps script, retrying in ${delay} ms`);
      await deps.wait(delay);
    }
  }
}

/** Rough screen distance in pixels between two points on a Web Mercator map at this zoom. */
export function pixelDistance(a: { lat: number; lng: number }, b: { lat: number; lng: number }, zoom: number): number {
  const worldSize = 256 * 2 ** zoom;
  const project = ({ lat, lng }: { lat: number; lng: number }) => {
    const sin = Math.min(Math.max(Math.sin((lat * Math.PI) / 180), -0.9999), 0.9999);
    return {
      x: ((lng + 180) / 360) * worldSize,
      y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * worldSize,
    };
  };
  const pa = project(a);
  const pb = project(b);
  return Math.hypot(pa.x - pb.x, pa.y - pb.y);
}

export const isWithinHoverDistance = (
  pointer: { lat: number; lng: number },
  marker: { lat: number; lng: number },
  zoom: number,
) => pixelDistance(pointer, marker, zoom) <= MAPS_HOVER_DISTANCE_PX;
