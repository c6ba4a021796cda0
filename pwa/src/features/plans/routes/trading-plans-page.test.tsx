import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../lib/offline/db';
import { servedPlans } from '../../../test/plans';
import { fakeApi } from '../../../test/fake-api';
import { renderPageWithQuery } from '../../../test/render-page';
import { TradingPlansPage } from './trading-plans-page';

describe('TradingPlansPage', () => {
  beforeEach(() => db.publicData.clear());

  it('shows the four plans from GET /api/plans with their facts and Purchase Now links', async () => {
    const api = fakeApi({ 'GET /api/plans': { status: 200, body: { plans: servedPlans } } });
    renderPageWithQuery(<TradingPlansPage />, { route: '/trading-plans' });

    const cards = await screen.findAllByRole('listitem');
    expect(cards).toHaveLength(4);
    const sonic = within(cards[0]!);
    expect(sonic.getByRole('heading', { name: 'Sonic' })).toBeInTheDocument();
    expect(sonic.getByText('$50 – $999')).toBeInTheDocument();
    expect(sonic.getByText('5% expected')).toBeInTheDocument();
    expect(sonic.getByText('15 hours')).toBeInTheDocument();
    expect(sonic.getByText('Yes')).toBeInTheDocument();
    expect(sonic.getByRole('link', { name: 'Purchase Now: Sonic' })).toHaveAttribute('href', '/tradingplan-details/1');

    const supreme = within(cards[3]!);
    expect(supreme.getByText('$15,000 and above')).toBeInTheDocument();
    expect(supreme.getByText('No maximum')).toBeInTheDocument();
    expect(supreme.getByText('72 hours')).toBeInTheDocument();
    expect(api.received.map((request) => request.url)).toEqual(['/api/plans']);
  });

  it('shows the risk notice: returns are expected, not guaranteed', async () => {
    fakeApi({ 'GET /api/plans': { status: 200, body: { plans: servedPlans } } });
    renderPageWithQuery(<TradingPlansPage />);
    expect(screen.getByRole('note')).toHaveTextContent('Returns are expected, not guaranteed');
    expect(screen.queryByText(/guaranteed return/i)).not.toBeInTheDocument();
    // Its copies are written before the plans show: none lands in the next test's cleared table.
    expect(await screen.findAllByRole('listitem')).toHaveLength(4);
  });

  it('offers a retry when the plans cannot be loaded', async () => {
    // ky retries a failed GET once, so two failures make one failed load.
    const failure = { status: 500, body: { message: 'boom' } };
    fakeApi({ 'GET /api/plans': [failure, failure, { status: 200, body: { plans: servedPlans } }] });
    renderPageWithQuery(<TradingPlansPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load this page');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('listitem')).toHaveLength(4);
  });

  it('with the server out of reach, shows the plans saved on an earlier visit, labelled with their time', async () => {
    const savedAt = new Date('2026-11-21T08:00:00Z').getTime();
    await db.publicData.put({ key: 'plans-list', data: servedPlans, savedAt });
    fakeApi({ 'GET /api/plans': 'network-down' });
    renderPageWithQuery(<TradingPlansPage />, { route: '/trading-plans' });
    expect(await screen.findAllByRole('listitem')).toHaveLength(4);
    const when = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(savedAt);
    expect(screen.getByText(`Saved copy, as of ${when}.`)).toBeInTheDocument();
  });
});
