import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { loadGoogleMaps, loadedMapsApi } from '../utils/google-maps-script';
import { MAPS_CENTER, MAPS_MIN_ZOOM, MAPS_ZOOM, isWithinHoverDistance } from '../utils/maps-loader';

type MapState = 'loading' | 'loaded' | 'unavailable';

/** The office map; with no key, or when the script cannot load after the retries, the plain address instead. */
export function OfficeMap({ apiKey, postalAddress }: { apiKey: string | undefined; postalAddress: string }) {
  const { t } = useTranslation('contact');
  const [state, setState] = useState<MapState>(apiKey?.trim() ? 'loading' : 'unavailable');
  const mapElement = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let cancelled = false;
    void loadGoogleMaps(apiKey).then((result) => !cancelled && setState(result));
    return () => {
      cancelled = true;
    };
  }, [apiKey]);

  useEffect(() => {
    const maps = loadedMapsApi();
    const element = mapElement.current;
    // Build the map once per element (React's development double effect would build it twice).
    if (state !== 'loaded' || !maps || !element || element.dataset.mapReady) return;
    element.dataset.mapReady = 'true';
    const map = new maps.Map(element, {
      center: MAPS_CENTER,
      zoom: MAPS_ZOOM,
      minZoom: MAPS_MIN_ZOOM,
      clickableIcons: false,
    });
    const marker = new maps.Marker({ position: MAPS_CENTER, map, title: t('map.marker') });
    const label = new maps.InfoWindow({ content: t('map.marker') });
    // The spec's hover distance: the label shows while the pointer is within 30 px of the office.
    map.addListener('mousemove', (event) => {
      const pointer = event.latLng?.toJSON();
      if (pointer && isWithinHoverDistance(pointer, MAPS_CENTER, map.getZoom() ?? MAPS_ZOOM))
        label.open({ map, anchor: marker });
      else label.close();
    });
  }, [state, t]);

  if (state === 'unavailable') {
    return (
      <div className="office-map office-map--fallback" data-testid="map-fallback">
        <p>{t('map.unavailable')}</p>
        <address className="office-map__address" dir="auto">
          {postalAddress}
        </address>
      </div>
    );
  }
  return (
    <div className="office-map" role="region" aria-label={t('map.label')}>
      <div ref={mapElement} className="office-map__canvas" />
      {state === 'loading' && (
        <div className="office-map__loading">
          <Spinner label={t('map.loading')} />
        </div>
      )}
    </div>
  );
}
