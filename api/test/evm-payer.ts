import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  encodeFunctionData,
  http,
  type Address,
  type Hash,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import artifact from './contracts/test-token.json';

/** anvil's first default account, funded with 10,000 ETH. */
const payerKey = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';

/** Pays from anvil's first account, deploys the test token, and drives the node (mine, snapshot, revert). */
export async function createEvmPayer(url: string) {
  const account = privateKeyToAccount(payerKey);
  const transport = http(url);
  const wallet = createWalletClient({ account, chain: foundry, transport });
  const node = createTestClient({ mode: 'anvil', chain: foundry, transport });
  const reader = createPublicClient({ chain: foundry, transport });
  const deployHash = await wallet.deployContract({
    abi: artifact.abi,
    bytecode: artifact.bytecode as Hash,
    args: [10n ** 15n],
  });
  const token = (await reader.waitForTransactionReceipt({ hash: deployHash })).contractAddress!;
  const confirmed = async (hash: Hash) => {
    await reader.waitForTransactionReceipt({ hash });
    return hash;
  };
  return {
    token,
    reader,
    payEth: async (to: string, wei: bigint) =>
      confirmed(await wallet.sendTransaction({ to: to as Address, value: wei })),
    payToken: async (to: string, units: bigint) =>
      confirmed(
        await wallet.writeContract({ address: token, abi: artifact.abi, functionName: 'transfer', args: [to, units] }),
      ),
    payTokenTwice: async (to: string, first: bigint, second: bigint) =>
      confirmed(
        await wallet.writeContract({
          address: token,
          abi: artifact.abi,
          functionName: 'transferTwice',
          args: [to, first, second],
        }),
      ),
    /** A signed payment not yet sent, to send again after a reorg (same hash). */
    signEth: async (to: string, wei: bigint) =>
      wallet.signTransaction(await wallet.prepareTransactionRequest({ to: to as Address, value: wei })),
    /** A signed token transfer with its nonce set, for blocks assembled with mining paused. */
    signTokenTransfer: async (to: string, units: bigint, nonce: number) =>
      wallet.signTransaction(
        await wallet.prepareTransactionRequest({
          to: token,
          data: encodeFunctionData({ abi: artifact.abi, functionName: 'transfer', args: [to, units] }),
          nonce,
          gas: 100_000n,
        }),
      ),
    nonce: () => reader.getTransactionCount({ address: account.address, blockTag: 'pending' }),
    setAutomine: (enabled: boolean) => node.setAutomine(enabled),
    sendRawUnmined: (serialized: Hash) => wallet.sendRawTransaction({ serializedTransaction: serialized }),
    sendRaw: async (serialized: Hash) =>
      confirmed(await wallet.sendRawTransaction({ serializedTransaction: serialized })),
    mine: (blocks = 1) => node.mine({ blocks }),
    snapshot: () => node.snapshot(),
    revert: (id: Hash) => node.revert({ id }),
    height: async () => Number(await reader.getBlockNumber({ cacheTime: 0 })),
  };
}
