import { afterAll, beforeAll } from 'vitest';
import { createLiveRates } from '../modules/chain-deposits/live-rate';
import { createChainWatcher, type ChainWatcherOptions } from '../modules/chain-deposits/watcher';
import { investorBalances } from '../modules/ledger/ledger.api';
import { createMarketService } from '../modules/market/market.service';
import { startChainApp } from './chain-app';
import { testXpub } from './chain-keys';
import { startAnvil } from './chain-nodes';
import { createEvmPayer } from './evm-payer';
import { signUpInvestor } from './fixtures';

export const evmConfirmations = 3;

/**
 * A test app watching an anvil node (ETH and the 6-decimal test token as usdt, 3 confirmations),
 * started before the file's tests and stopped after them. Read the fields inside tests.
 */
export function useEvmChain() {
  const setup = {} as {
    chainApp: Awaited<ReturnType<typeof startChainApp>>;
    anvil: Awaited<ReturnType<typeof startAnvil>>;
    payer: Awaited<ReturnType<typeof createEvmPayer>>;
  };
  beforeAll(async () => {
    setup.anvil = await startAnvil();
    setup.payer = await createEvmPayer(setup.anvil.url);
    setup.chainApp = await startChainApp({
      ethereum: {
        kind: 'evm',
        rpcUrl: setup.anvil.url,
        xpub: testXpub("m/44'/60'/0'"),
        confirmations: evmConfirmations,
        explorerTxUrl: 'https://explorer.test/tx/{tx}',
        startHeight: await setup.payer.height(),
        coins: { ethereum: { native: true }, usdt: { contract: setup.payer.token, decimals: 6 } },
      },
    });
  });
  afterAll(async () => {
    await setup.chainApp?.close();
    await setup.anvil?.stop();
  });

  const app = () => setup.chainApp.app;
  return {
    get app() {
      return app();
    },
    get payer() {
      return setup.payer;
    },
    get upstream() {
      return setup.chainApp.upstream;
    },
    watcher: (options: Partial<ChainWatcherOptions> = {}) =>
      createChainWatcher(app().db, {
        chain: 'ethereum',
        config: app().deps.config.operator.chains.ethereum!,
        clock: app().clock,
        liveRates: createLiveRates(createMarketService(app().deps), app().clock),
        referralBonusRate: app().deps.config.operator.referralBonusRate,
        kycLimits: app().deps.config.operator.kycLimits,
        ...options,
      }),
    /** A new investor with a quote: `{client, userId, quote}`. */
    async quoted(amount: number, coin = 'ethereum', signup: Record<string, unknown> = {}) {
      const { client, user } = await signUpInvestor(app(), signup);
      const reply = await client.post('/api/deposit-quotes', { amount, coin });
      if (reply.status !== 201) throw new Error(`quote failed: ${reply.status} ${JSON.stringify(reply.body)}`);
      return { client, userId: user.id as string, quote: reply.body.quote };
    },
    available: async (userId: string) => (await investorBalances(app().db, userId)).available,
    payments: async (quoteId: string) => (await app().client().get(`/api/deposit-quotes/${quoteId}`)).body,
  };
}
