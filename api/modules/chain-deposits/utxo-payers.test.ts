import { describe, expect, it } from 'vitest';
import { createPayerReader, type VerboseTx } from './utxo-payers';
import type { UtxoRpc } from './utxo-rpc';

/**
 * The payer reader's choice between `getblock <hash> 3` and `getrawtransaction`. Litecoin Core (Debian's litecoind)
 * takes the second path in utxo-deposit-screening.test.ts; no Bitcoin Core ≥ 23 can be installed here, so its
 * answers at verbosity 3 are played by a node object answering as Bitcoin Core's RPC documentation shows them.
 */
type Answer = { result?: unknown; error?: { code: number; message: string } };

function scriptedNode(answer: (method: string, params: unknown[]) => Answer) {
  const calls: string[] = [];
  const rpc = {
    call: () => Promise.reject(new Error('not used')),
    batch: async (batch: Array<[string, unknown[]]>) =>
      batch.map(([method, params]) => {
        calls.push(`${method} ${JSON.stringify(params)}`);
        return answer(method, params);
      }),
  } as unknown as UtxoRpc;
  return { rpc, calls };
}

const paying: VerboseTx = {
  txid: 'aa',
  vin: [
    { txid: 'p1', vout: 0, prevout: { scriptPubKey: { hex: '00', address: 'bc1qlisted' } } },
    { txid: 'p2', vout: 1, prevout: { scriptPubKey: { hex: '01', address: 'bc1qother' } } },
    { txid: 'p3', vout: 0, prevout: { scriptPubKey: { hex: '02' } } }, // P2PK: no address to screen
  ],
  vout: [{ n: 0, value: 1, scriptPubKey: { hex: '03', address: 'bc1qours' } }],
};
const withoutPrevouts = (tx: VerboseTx): VerboseTx => ({
  ...tx,
  vin: tx.vin.map(({ txid, vout }) => ({ txid, vout })),
});

describe('who paid a UTXO transaction', () => {
  it('reads the inputs’ addresses from a block at verbosity 3, with no transaction lookups', async () => {
    const node = scriptedNode((method) =>
      method === 'getblock'
        ? { result: { tx: [{ txid: 'coinbase', vin: [{ coinbase: '03' }], vout: [] }, paying] } }
        : {},
    );
    const reader = createPayerReader(node.rpc);
    const payers = await reader.payers([{ blockHash: 'b1', tx: withoutPrevouts(paying) }]);
    expect(payers.get('aa')).toEqual({ addresses: ['bc1qlisted', 'bc1qother'] });
    expect(node.calls).toEqual(['getblock ["b1",3]']);
  });

  it('learns once that a node answers verbosity 3 without prevouts, then looks the spent transactions up', async () => {
    const spent = (id: string, address: string): VerboseTx => ({
      txid: id,
      vin: [],
      vout: [0, 1].map((n) => ({ n, value: 1, scriptPubKey: { hex: '04', addresses: [`${address}${n}`] } })),
    });
    const node = scriptedNode((method, params) => {
      if (method === 'getblock') return { result: { tx: [withoutPrevouts(paying)] } };
      const id = params[0] as string;
      return id === 'p3'
        ? { error: { code: -5, message: 'No such mempool or blockchain transaction. Use -txindex' } }
        : { result: spent(id, `ltc1q${id}-`) };
    });
    const reader = createPayerReader(node.rpc);
    const first = await reader.payers([{ blockHash: 'b1', tx: withoutPrevouts(paying) }]);
    expect(first.get('aa')).toEqual({
      addresses: ['ltc1qp1-0', 'ltc1qp2-1'],
      unknown: 'No such mempool or blockchain transaction. Use -txindex',
    });
    await reader.payers([{ blockHash: 'b2', tx: withoutPrevouts(paying) }]);
    // The second block is never asked for at verbosity 3.
    expect(node.calls.filter((call) => call.startsWith('getblock'))).toEqual(['getblock ["b1",3]']);
    expect(node.calls.filter((call) => call.startsWith('getrawtransaction'))).toHaveLength(6);
  });

  it('falls back when the node refuses verbosity 3 outright, and fails the pass on any other error', async () => {
    const refusing = scriptedNode((method) =>
      method === 'getblock'
        ? { error: { code: -8, message: 'Verbosity was out of range' } }
        : { result: { txid: 'p', vin: [], vout: [{ n: 0, value: 1, scriptPubKey: { hex: '05', address: 'x' } }] } },
    );
    const payers = await createPayerReader(refusing.rpc).payers([{ blockHash: 'b1', tx: withoutPrevouts(paying) }]);
    expect(payers.get('aa')).toEqual({ addresses: ['x'], unknown: 'no output 1 in p2' });
    const broken = scriptedNode(() => ({ error: { code: -1, message: 'database corrupted' } }));
    await expect(
      createPayerReader(broken.rpc).payers([{ blockHash: 'b1', tx: withoutPrevouts(paying) }]),
    ).rejects.toThrow('database corrupted');
  });
});
