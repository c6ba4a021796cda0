import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useParams } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fakeApi, type FakeReply } from '../../../test/fake-api';
import { renderPageWithQuery } from '../../../test/render-page';
import { OnChainOffer } from './on-chain-offer';

function QuoteStub() {
  return <p>quote page {useParams().id}</p>;
}

function renderOffer(reply: FakeReply) {
  const api = fakeApi({ 'POST /api/deposit-quotes': reply });
  renderPageWithQuery(
    <Routes>
      <Route path="/bitcoindeposit1" element={<OnChainOffer amount="50" coin="ethereum" coinName="Ethereum" />} />
      <Route path="/deposit-quotes/:id" element={<QuoteStub />} />
    </Routes>,
    { route: '/bitcoindeposit1?amount=50&coin=ethereum' },
  );
  return { api, person: userEvent.setup() };
}

describe('OnChainOffer', () => {
  it('asks for a quote for the amount and coin, then opens it', async () => {
    const { api, person } = renderOffer({ status: 201, body: { quote: { id: 'q42' } } });
    await person.click(screen.getByRole('button', { name: 'Get a payment address for Ethereum' }));
    expect(await screen.findByText('quote page q42')).toBeInTheDocument();
    expect(api.received).toContainEqual({
      method: 'POST',
      url: '/api/deposit-quotes',
      body: { amount: '50', coin: 'ethereum' },
    });
  });

  it('says when there is no live price to quote from, and stays on the page', async () => {
    const { person } = renderOffer({ status: 503, body: { message: 'No live price for Ethereum' } });
    await person.click(screen.getByRole('button', { name: 'Get a payment address for Ethereum' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/no live price for this coin right now/);
    expect(screen.getByRole('button', { name: 'Get a payment address for Ethereum' })).toBeEnabled();
  });

  it("passes on any other refusal in the server's words", async () => {
    const { person } = renderOffer({ status: 409, body: { message: 'Ethereum deposits use a receipt here' } });
    await person.click(screen.getByRole('button', { name: 'Get a payment address for Ethereum' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not create a payment address: Ethereum deposits use a receipt here',
    );
  });
});
