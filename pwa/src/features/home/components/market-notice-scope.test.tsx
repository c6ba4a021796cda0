import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataFreshness } from './data-freshness';
import { MarketNoticeScope } from './market-notice-scope';

const now = Date.parse('2026-01-01T12:00:00Z');
const sample = <DataFreshness asOf="2025-12-01T00:00:00Z" live={false} source="snapshot" now={now} />;

describe('one market notice per page', () => {
  it('says "not live" once when several sections get the sample prices', async () => {
    render(
      <MarketNoticeScope>
        {sample}
        <section>{sample}</section>
      </MarketNoticeScope>,
    );
    expect(await screen.findAllByText(/Sample prices for illustration/)).toHaveLength(1);
  });

  it('lets every section say it is live', () => {
    const live = <DataFreshness asOf="2026-01-01T11:55:00Z" live source="live" now={now} />;
    render(
      <MarketNoticeScope>
        {live}
        {live}
      </MarketNoticeScope>,
    );
    expect(screen.getAllByText('Live prices, updated 5 minutes ago.')).toHaveLength(2);
  });

  it('hands the notice on when the section that said it goes away', async () => {
    const { rerender } = render(
      <MarketNoticeScope>
        {sample}
        <div>{sample}</div>
      </MarketNoticeScope>,
    );
    await screen.findByText(/Sample prices/);
    rerender(
      <MarketNoticeScope>
        <div>{sample}</div>
      </MarketNoticeScope>,
    );
    expect(await screen.findAllByText(/Sample prices for illustration/)).toHaveLength(1);
  });
});
