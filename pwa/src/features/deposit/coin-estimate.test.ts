import { describe, expect, it } from 'vitest';
import type { MarketCoinsResponse } from '../../../../api/contracts/market';
import { estimateCoinAmount, maxRateAgeMs, walletPaymentUri } from './coin-estimate';
import { depositCoin } from './coins';

const now = Date.parse('2026-11-28T14:05:00Z');
const market = (overrides: Partial<MarketCoinsResponse> = {}): MarketCoinsResponse => ({
  asOf: '2026-11-28T14:02:00Z',
  live: true,
  source: 'cache',
  coins: [
    {
      id: 'bitcoin',
      name: 'Bitcoin',
      symbol: 'btc',
      image: '',
      current_price: 87250,
      price_change_percentage_24h: 0,
      market_cap: 1,
    },
    {
      id: 'ethereum',
      name: 'Ethereum',
      symbol: 'eth',
      image: '',
      current_price: 3320,
      price_change_percentage_24h: 0,
      market_cap: 1,
    },
    {
      id: 'shiba-inu',
      name: 'Shiba Inu',
      symbol: 'shib',
      image: '',
      current_price: 0.0000231,
      price_change_percentage_24h: null,
      market_cap: 1,
    },
  ],
  ...overrides,
});

describe('estimateCoinAmount', () => {
  it('rounds up to six significant digits, so the investor never sends short by rounding', () => {
    expect(estimateCoinAmount(10_000, depositCoin('bitcoin'), market(), now)).toEqual({
      kind: 'estimate',
      coinAmount: '0.00114614',
      rate: 87250,
      asOf: '2026-11-28T14:02:00Z',
    });
    expect(estimateCoinAmount(10_000, depositCoin('ethereum'), market(), now)).toMatchObject({
      coinAmount: '0.0301205',
    });
    // Millions of a cheap token: plain digits, no grouping and no exponent, as a wallet takes them.
    expect(estimateCoinAmount(10_000, depositCoin('shiba'), market(), now)).toMatchObject({ coinAmount: '4329010' });
  });

  it('gives no more decimals than the coin has (8 at most): a payment link refuses a ninth', () => {
    expect(estimateCoinAmount(5_000, depositCoin('bitcoin'), market(), now)).toMatchObject({
      coinAmount: '0.00057307',
    });
  });

  it('never presents the bundled sample as the market', () => {
    expect(
      estimateCoinAmount(10_000, depositCoin('bitcoin'), market({ source: 'snapshot', live: false }), now),
    ).toEqual({
      kind: 'sample',
    });
  });

  it('says the market is unreachable without an answer, with a copy the server could not refresh, or an old one', () => {
    const bitcoin = depositCoin('bitcoin');
    expect(estimateCoinAmount(10_000, bitcoin, undefined, now)).toEqual({ kind: 'unreachable' });
    expect(estimateCoinAmount(10_000, bitcoin, market({ live: false }), now)).toEqual({ kind: 'unreachable' });
    const asOf = Date.parse('2026-11-28T14:02:00Z');
    expect(estimateCoinAmount(10_000, bitcoin, market(), asOf + maxRateAgeMs)).toMatchObject({ kind: 'estimate' });
    expect(estimateCoinAmount(10_000, bitcoin, market(), asOf + maxRateAgeMs + 1)).toEqual({ kind: 'unreachable' });
    // A coin the market list does not carry has no price either.
    expect(estimateCoinAmount(10_000, depositCoin('tron'), market(), now)).toEqual({ kind: 'unreachable' });
  });
});

describe('walletPaymentUri', () => {
  const evmAddress = '0x52908400098527886E0F7030069857D2E4169EE7';

  it('is a BIP 21 link with the amount for Bitcoin, Litecoin and Dogecoin', () => {
    expect(walletPaymentUri(depositCoin('bitcoin'), 'bc1qexample', '0.00114614')).toBe(
      'bitcoin:bc1qexample?amount=0.00114614',
    );
    expect(walletPaymentUri(depositCoin('litecoin'), 'ltc1qexample', '1.25')).toBe('litecoin:ltc1qexample?amount=1.25');
    expect(walletPaymentUri(depositCoin('dogecoin'), 'Dexample', '632.912')).toBe('dogecoin:Dexample?amount=632.912');
  });

  it('is an EIP-681 link with the value in wei for ether sent to an Ethereum address', () => {
    expect(walletPaymentUri(depositCoin('ethereum'), evmAddress, '0.0301205')).toBe(
      `ethereum:${evmAddress}?value=30120500000000000`,
    );
    expect(walletPaymentUri(depositCoin('ethereum'), 'not-an-evm-address', '0.0301205')).toBe('not-an-evm-address');
  });

  it('is the plain address without an amount, and for coins whose wallets take no payment link', () => {
    expect(walletPaymentUri(depositCoin('bitcoin'), 'bc1qexample', undefined)).toBe('bc1qexample');
    expect(walletPaymentUri(depositCoin('usdt'), evmAddress, '100.02')).toBe(evmAddress);
    expect(walletPaymentUri(depositCoin('solana'), 'So1example', '0.5')).toBe('So1example');
  });
});
