import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiPost } from '../api-client';
import { fakeFetch, sentRequest } from '../../test/fake-fetch';
import { renderWithQuery } from '../../test/render-page';
import { TermsGate } from './terms-gate';

const current = {
  status: 200,
  body: {
    version: '2026-12-01',
    language: 'en',
    document: {
      title: 'Terms of service and risk disclosure',
      notice: 'Placeholder text of a fictional firm.',
      sections: [{ heading: 'Risk disclosure', paragraphs: ['You can lose all the money you put in.'] }],
    },
  },
};
const upToDate = { status: 200, body: { version: '2026-12-01', acceptedVersion: '2026-12-01', acceptedAt: 'x' } };
const accepted = { status: 200, body: { version: '2026-12-01', acceptedVersion: '2026-12-01', acceptedAt: 'y' } };
const refusal = {
  status: 409,
  body: { message: 'Our terms changed', code: 'terms_not_accepted', version: '2026-12-01' },
};

describe('TermsGate', () => {
  it('asks an investor whose accepted version is out of date at sign-in, and records the acceptance', async () => {
    const fetchMock = fakeFetch(
      { status: 200, body: { version: '2026-12-01', acceptedVersion: '2026-11-01', acceptedAt: 'x' } },
      current,
      accepted,
    );
    renderWithQuery(<TermsGate />);
    const dialog = await screen.findByRole('dialog', { name: 'Our terms changed' });
    expect(dialog).toHaveTextContent('Please read version 2026-12-01');
    expect(await screen.findByText('You can lose all the money you put in.')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Placeholder text of a fictional firm.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentRequest(fetchMock, 2)).toEqual({
      url: '/api/terms/accept',
      method: 'POST',
      body: { version: '2026-12-01' },
    });
  });

  it('holds a money action refused with terms_not_accepted until the investor accepts, then sends it again', async () => {
    const fetchMock = fakeFetch(upToDate, refusal, current, accepted, {
      status: 201,
      body: { withdrawal: { id: 'w1' } },
    });
    renderWithQuery(<TermsGate />);
    await waitFor(() => expect(fetchMock.received).toHaveLength(1));
    const action = apiPost<{ withdrawal: { id: string } }>('withdrawals', { amount: 10, method: 'Bitcoin' });
    await screen.findByRole('dialog', { name: 'Our terms changed' });
    await screen.findByText('You can lose all the money you put in.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Accept' }));
    await expect(action).resolves.toEqual({ withdrawal: { id: 'w1' } });
    expect(fetchMock.received.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /api/terms',
      'POST /api/withdrawals',
      'GET /api/terms/current',
      'POST /api/terms/accept',
      'POST /api/withdrawals',
    ]);
  });

  it('gives the refusal back when the investor closes the dialog, and does not send the action again', async () => {
    const fetchMock = fakeFetch(upToDate, refusal, current);
    renderWithQuery(<TermsGate />);
    await waitFor(() => expect(fetchMock.received).toHaveLength(1));
    const outcome = apiPost('withdrawals', { amount: 10, method: 'Bitcoin' }).catch((error: unknown) => error);
    await screen.findByRole('dialog', { name: 'Our terms changed' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Not now' }));
    expect(await outcome).toMatchObject({ status: 409, message: 'Our terms changed' });
    expect(fetchMock.received.filter((request) => request.url === '/api/withdrawals')).toHaveLength(1);
  });
});
