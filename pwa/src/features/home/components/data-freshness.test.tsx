import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataFreshness } from './data-freshness';

const now = Date.parse('2026-01-01T12:00:00Z');

describe('DataFreshness', () => {
  it('says when prices are live and how recent they are', () => {
    render(<DataFreshness asOf="2026-01-01T11:55:00Z" live source="live" now={now} />);
    expect(screen.getByRole('status')).toHaveTextContent('Live prices, updated 5 minutes ago.');
  });

  it('says prices are not live and gives their age and date', () => {
    render(<DataFreshness asOf="2026-01-01T09:00:00Z" live={false} source="cache" now={now} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      /^Prices are not live: showing data from 3 hours ago \(Jan 1, 2026/,
    );
  });

  it('labels the bundled sample as sample data', () => {
    render(<DataFreshness asOf="2025-12-01T00:00:00Z" live={false} source="snapshot" now={now} />);
    expect(screen.getByRole('status')).toHaveTextContent(/^Sample prices for illustration, dated Dec 1, 2025/);
  });

  it('says when the page shows this device’s saved copy because it is offline', () => {
    render(
      <DataFreshness
        asOf="2025-12-31T12:00:00Z"
        live
        source="live"
        savedOnDeviceAt={Date.parse('2025-12-31T12:00:00Z')}
        now={now}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'You are offline: showing the copy saved on this device yesterday.',
    );
  });
});
