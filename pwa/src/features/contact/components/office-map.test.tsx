import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render-page';
import { OfficeMap } from './office-map';

afterEach(() => {
  delete window.google;
  document.querySelectorAll('script').forEach((script) => script.remove());
});

describe('OfficeMap', () => {
  it('shows the plain address and requests no script without a key', () => {
    renderPage(<OfficeMap apiKey="" postalAddress="1 Test Lane, Newberry" />);
    expect(screen.getByTestId('map-fallback')).toHaveTextContent('1 Test Lane, Newberry');
    expect(document.querySelector('script')).toBeNull();
  });

  it('centres the map near Newberry at zoom 10 with minimum zoom 3 and marks the office', async () => {
    const mapOptions = vi.fn();
    const marker = vi.fn();
    window.google = {
      maps: {
        Map: class {
          constructor(_element: HTMLElement, options: unknown) {
            mapOptions(options);
          }
          addListener() {}
          getZoom() {
            return 10;
          }
        },
        Marker: class {
          constructor(options: unknown) {
            marker(options);
          }
        },
        InfoWindow: class {
          open() {}
          close() {}
        },
      },
    };
    renderPage(<OfficeMap apiKey="key-1" postalAddress="1 Test Lane" />);
    await waitFor(() => expect(mapOptions).toHaveBeenCalledTimes(1));
    expect(mapOptions).toHaveBeenCalledWith(
      expect.objectContaining({ center: { lat: 29.6461, lng: -82.6065 }, zoom: 10, minZoom: 3 }),
    );
    expect(marker).toHaveBeenCalledWith(
      expect.objectContaining({ position: { lat: 29.6461, lng: -82.6065 }, title: 'Our office' }),
    );
    expect(screen.getByRole('region', { name: 'Map of our office area near Newberry, Florida' })).toBeInTheDocument();
    expect(screen.queryByTestId('map-fallback')).not.toBeInTheDocument();
  });
});
