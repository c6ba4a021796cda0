import { z } from 'zod';
import { readExtendedPublicKey, type PublicPrefix } from './extended-keys';

/** Coins a chain may credit: the deposit page's coin keys. */
const coinKey = z.enum(['bitcoin', 'ethereum', 'dogecoin', 'litecoin', 'bnb', 'usdt', 'shiba']);
export type ChainCoin = z.infer<typeof coinKey>;

export const utxoCoins = ['bitcoin', 'litecoin', 'dogecoin'] as const;
export type UtxoCoin = (typeof utxoCoins)[number];
export type UtxoNetwork = 'mainnet' | 'testnet' | 'regtest';

const common = {
  rpcUrl: z.url(),
  xpub: z.string().trim().min(1),
  pollSeconds: z.number().int().min(1).max(3600),
  /** A block explorer's transaction page with `{tx}` where the hash goes, for the investor's link. */
  explorerTxUrl: z.string().includes('{tx}').optional(),
  /** The first block to scan on a chain never scanned before (default: the tip less the kept history). */
  startHeight: z.number().int().min(0).optional(),
  /** The operator's wallet's gap limit: how many unused receive addresses in a row it looks past (most say 20). */
  gapLimit: z.number().int().min(1).max(1_000_000).default(20),
};

const evmCoin = z.union([
  z.object({ native: z.literal(true) }).strict(),
  z
    .object({
      contract: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x contract address'),
      decimals: z.number().int().min(0).max(36),
    })
    .strict(),
]);

const evmChain = z.object({
  kind: z.literal('evm'),
  ...common,
  confirmations: z.number().int().min(1).max(1000).default(12),
  pollSeconds: common.pollSeconds.default(15),
  coins: z.partialRecord(coinKey, evmCoin),
});

const utxoChain = z.object({
  kind: z.literal('utxo'),
  ...common,
  network: z.enum(['mainnet', 'testnet', 'regtest']).default('mainnet'),
  confirmations: z.number().int().min(1).max(1000).default(6),
  pollSeconds: common.pollSeconds.default(30),
  /**
   * The operator's wallet's master key fingerprint (8 hex digits), written with the full derivation path into every
   * payout PSBT's inputs and change, so hardware wallets, Sparrow, Electrum and Bitcoin Core sign without set-up.
   */
  masterFingerprint: z
    .string()
    .regex(/^[0-9a-fA-F]{8}$/, 'must be 8 hex digits, as the wallet shows it')
    .transform((value) => value.toLowerCase())
    .optional(),
  /** The account key's path from the master key; by default BIP 84's m/84'/coin'/account' (BIP 44's for Dogecoin). */
  accountPath: z
    .string()
    .regex(/^m(\/\d+'?)+$/, "must be a path such as m/84'/0'/0'")
    .optional(),
});

/** Which key forms fit a chain; anything else is a key of another network (a testnet key on mainnet, say). */
function acceptedPrefixes(chain: string, config: { kind: 'evm' } | { kind: 'utxo'; network: UtxoNetwork }) {
  if (config.kind === 'evm') return ['xpub'];
  const test = config.network !== 'mainnet';
  const extra: Record<UtxoCoin, PublicPrefix[]> = {
    bitcoin: [],
    litecoin: test ? ['ttub'] : ['Ltub'],
    dogecoin: test ? [] : ['dgub'],
  };
  const segwit: PublicPrefix[] = chain === 'dogecoin' ? [] : test ? ['vpub'] : ['zpub'];
  return [test ? 'tpub' : 'xpub', ...segwit, ...(extra[chain as UtxoCoin] ?? [])];
}

export const chainsSchema = z
  .record(z.string().regex(/^[a-z][a-z0-9-]{0,30}$/), z.discriminatedUnion('kind', [evmChain, utxoChain]))
  .default({})
  .superRefine((chains, ctx) => {
    const coinChain = new Map<string, string>();
    for (const [chain, config] of Object.entries(chains)) {
      if (config.kind === 'utxo' && !(utxoCoins as readonly string[]).includes(chain))
        ctx.addIssue({ code: 'custom', path: [chain], message: `a utxo chain is named by its coin: ${utxoCoins}` });
      const key = readExtendedPublicKey(config.xpub);
      const accepted = acceptedPrefixes(chain, config);
      if (!key) ctx.addIssue({ code: 'custom', path: [chain, 'xpub'], message: 'not an extended public key' });
      else if (!accepted.includes(key.prefix))
        ctx.addIssue({
          code: 'custom',
          path: [chain, 'xpub'],
          message: `a ${key.prefix} key is of another network; this chain takes ${accepted.join(', ')}`,
        });
      else if (key.hdKey.depth !== 3)
        ctx.addIssue({ code: 'custom', path: [chain, 'xpub'], message: 'give the account-level key (depth 3)' });
      const coins = config.kind === 'evm' ? Object.keys(config.coins) : [chain];
      for (const coin of coins) {
        const other = coinChain.get(coin);
        if (other) ctx.addIssue({ code: 'custom', path: [chain], message: `${coin} is already on chain ${other}` });
        coinChain.set(coin, chain);
      }
    }
  });

export type ChainsConfig = z.infer<typeof chainsSchema>;
export type ChainConfig = ChainsConfig[string];
export type EvmChainConfig = Extract<ChainConfig, { kind: 'evm' }>;
export type UtxoChainConfig = Extract<ChainConfig, { kind: 'utxo' }>;

/** A transaction's page on the chain's explorer (`explorerTxUrl` with the hash in place of `{tx}`), if one is set. */
export const explorerTxLink = (config: { explorerTxUrl?: string } | undefined, hash: string | null | undefined) =>
  config?.explorerTxUrl && hash ? config.explorerTxUrl.replace('{tx}', hash) : null;
