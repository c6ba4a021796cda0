import { parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { evmConfirmations, useEvmChain } from '../../test/evm-chain';
import { signInAdmin } from '../../test/fixtures';
import { investorBalances, ledgerViolations } from '../ledger/ledger.api';

// anvil's first default account: the test payer (api/test/evm-payer.ts), listed here as a sanctioned sender.
const payer = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80').address;

describe('on-chain deposits from a sanctioned sender (anvil)', () => {
  const chain = useEvmChain();
  const incidentOf = (key: string) => chain.app.db('sanctions_incidents').where({ subject_id: key }).first();

  it('credits an ETH and a token payment frozen, with an incident each; released, the money is available', async () => {
    const admin = (await signInAdmin(chain.app)).client;
    // Listed as the chain does not write it (lower case): the sender is compared as Ethereum compares addresses.
    await chain.app.db('sanctioned_addresses').insert({ list: 'usdt', address: payer.toLowerCase() });
    const watcher = chain.watcher();
    const eth = await chain.quoted(50);
    const ethTx = await chain.payer.payEth(eth.quote.address, parseEther(eth.quote.coinAmount));
    const token = await chain.quoted(60, 'usdt');
    const tokenTx = await chain.payer.payToken(token.quote.address, 60_000_000n);
    await watcher.pass();
    const ethKey = `deposit:ethereum:${ethTx}:-1`;
    const tokenKey = `deposit:ethereum:${tokenTx}:0`;
    // Seen: the incidents are open before any credit.
    expect(await incidentOf(ethKey)).toMatchObject({
      kind: 'deposit',
      user_id: eth.userId,
      address: payer.toLowerCase(),
    });
    expect(await incidentOf(tokenKey)).toMatchObject({ kind: 'deposit', user_id: token.userId });
    await chain.payer.mine(evmConfirmations - 1);
    expect((await watcher.pass()).credited).toBe(2);
    // Credited, but held: not withdrawable, not investable.
    expect(await investorBalances(chain.app.db, eth.userId)).toMatchObject({ available: 0, held: 5_000 });
    expect(await investorBalances(chain.app.db, token.userId)).toMatchObject({ available: 0, held: 6_000 });
    const address = { ethereumAddress: `0x${'1'.repeat(40)}` };
    expect((await eth.client.put('/api/update-profile', address)).status).toBe(200);
    expect((await eth.client.post('/api/withdrawals', { amount: 10, method: 'Ethereum' })).status).toBe(409);
    const release = await admin.post(`/api/admin/sanctions-incidents/${(await incidentOf(ethKey)).id}/decide`, {
      decision: 'release',
      note: 'The sender is a known exchange hot wallet, checked',
    });
    expect(release.status).toBe(200);
    expect(await investorBalances(chain.app.db, eth.userId)).toMatchObject({ available: 5_000, held: 0 });
    const keep = await admin.post(`/api/admin/sanctions-incidents/${(await incidentOf(tokenKey)).id}/decide`, {
      decision: 'keep_frozen',
      note: 'Reported to counsel',
    });
    expect(keep.status).toBe(200);
    expect(await investorBalances(chain.app.db, token.userId)).toMatchObject({ available: 0, held: 6_000 });
    expect(await ledgerViolations(chain.app.db)).toEqual([]);
  });

  it('a sender not on the list is credited as usual', async () => {
    await chain.app.db('sanctioned_addresses').where({ address: payer.toLowerCase() }).delete();
    const watcher = chain.watcher();
    const { userId, quote } = await chain.quoted(50);
    const txHash = await chain.payer.payEth(quote.address, parseEther(quote.coinAmount));
    await chain.payer.mine(evmConfirmations - 1);
    await watcher.pass();
    expect(await investorBalances(chain.app.db, userId)).toMatchObject({ available: 5_000, held: 0 });
    expect(await incidentOf(`deposit:ethereum:${txHash}:-1`)).toBeUndefined();
  });
});
