import { selectUTXO, Transaction } from '@scure/btc-signer';

/**
 * A payout batch on a UTXO chain as a PSBT (BIP 174) that the operator signs in their own wallet: this server holds
 * no private key. It picks coins the operator received at derived addresses, pays every withdrawal of the batch in
 * order, sends the change to an internal address the watcher follows, and later accepts the signed PSBT only if it is
 * the very transaction it built.
 */

/** What `@scure/btc-signer` needs to turn addresses into scripts (derive-address.ts keeps one per chain and network). */
export type UtxoNetwork = { bech32: string; pubKeyHash: number; scriptHash: number; wif: number };

/** A coin the operator holds: an unspent output at one of the derived addresses. */
export interface SpendableCoin {
  txid: string;
  vout: number;
  /** In the chain's smallest unit (satoshis, litoshis). */
  units: bigint;
  /** The output script, hex. */
  script: string;
  /** Its key and full BIP 32 path from the master key, for the wallet that signs (with `fingerprint`). */
  derivation?: KeyDerivation;
}

export interface KeyDerivation {
  /** Compressed public key, hex. */
  publicKey: string;
  path: number[];
}

export interface BatchPayment {
  address: string;
  units: bigint;
}

export interface BuiltBatch {
  psbt: string;
  /** The id of the transaction once signed (segwit inputs: signing does not change it). */
  txid: string;
  /** Hex of the unsigned transaction: what a signed PSBT must carry, byte for byte. */
  unsignedTx: string;
  feeUnits: bigint;
  virtualSize: number;
  inputs: SpendableCoin[];
  /** The change output's index and amount, or null when the leftover was below dust and went to the fee. */
  change: { vout: number; units: bigint } | null;
}

/** Inputs signal replaceability (BIP 125), so that a stuck batch can be bumped with a higher fee. */
export const replaceableSequence = 0xfffffffd;

export class BatchNotFundedError extends Error {
  constructor(readonly availableUnits: bigint) {
    super('The confirmed coins do not cover the batch and its fee');
  }
}

const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const toHex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/**
 * Builds the batch's PSBT. `mode: 'select'` picks the fewest coins that cover the payments and the fee (largest
 * first); `mode: 'all'` spends exactly the given coins, which is how a fee bump keeps the inputs of the transaction it
 * replaces, so that only one of the two can ever confirm.
 */
export function buildBatchPsbt(options: {
  network: UtxoNetwork;
  coins: SpendableCoin[];
  payments: BatchPayment[];
  changeAddress: string;
  feeRate: number;
  mode?: 'select' | 'all';
  /** The operator's master key fingerprint and the change key's derivation: written into the PSBT when known. */
  fingerprint?: number;
  changeDerivation?: KeyDerivation;
}): BuiltBatch {
  const { network, coins, payments, changeAddress, feeRate, fingerprint } = options;
  if (payments.length === 0) throw new Error('a batch pays at least one withdrawal');
  const candidates = coins.map((coin) => ({
    txid: Buffer.from(coin.txid, 'hex'),
    index: coin.vout,
    sequence: replaceableSequence,
    witnessUtxo: { script: Buffer.from(coin.script, 'hex'), amount: coin.units },
  }));
  const selection = selectUTXO(
    candidates,
    payments.map((payment) => ({ address: payment.address, amount: payment.units })),
    options.mode === 'all' ? 'all' : 'accumBiggest',
    { feePerByte: BigInt(Math.ceil(feeRate)), changeAddress, network, createTx: true, bip69: false },
  );
  if (!selection?.tx) throw new BatchNotFundedError(coins.reduce((sum, coin) => sum + coin.units, 0n));
  const tx = selection.tx;
  const byOutpoint = new Map(coins.map((coin) => [`${coin.txid}:${coin.vout}`, coin]));
  const used = new Set(selection.inputs.map((input) => `${toHex(input.txid!)}:${input.index}`));
  const bip32 = (derivation: KeyDerivation) =>
    [[Buffer.from(derivation.publicKey, 'hex'), { fingerprint: fingerprint!, path: derivation.path }]] as [
      Uint8Array,
      { fingerprint: number; path: number[] },
    ][];
  if (fingerprint !== undefined) {
    for (let index = 0; index < tx.inputsLength; index++) {
      const input = tx.getInput(index);
      const coin = byOutpoint.get(`${toHex(input.txid!)}:${input.index}`);
      if (coin?.derivation) tx.updateInput(index, { bip32Derivation: bip32(coin.derivation) });
    }
    if (selection.change && options.changeDerivation)
      tx.updateOutput(payments.length, { bip32Derivation: bip32(options.changeDerivation) });
  }
  return {
    psbt: toBase64(tx.toPSBT()),
    txid: tx.id,
    unsignedTx: toHex(tx.unsignedTx),
    feeUnits: selection.fee!,
    virtualSize: Math.ceil(selection.weight / 4),
    inputs: coins.filter((coin) => used.has(`${coin.txid}:${coin.vout}`)),
    change: selection.change ? { vout: payments.length, units: tx.getOutput(payments.length).amount! } : null,
  };
}

export type SignedBatchCheck = { ok: true; rawTx: string; txid: string } | { ok: false; reason: string };

/**
 * The operator's signed PSBT, accepted only if it is the same unsigned transaction (same inputs, same outputs, same
 * amounts) and every input is signed. Returns the final transaction to broadcast.
 */
export function checkSignedBatch(built: { unsignedTx: string }, signedPsbt: string): SignedBatchCheck {
  let signed: Transaction;
  try {
    signed = Transaction.fromPSBT(Buffer.from(signedPsbt.trim(), 'base64'));
  } catch {
    return {
      ok: false,
      reason: 'This is not a PSBT: export the signed transaction from your wallet as a PSBT (base64)',
    };
  }
  if (toHex(signed.unsignedTx) !== built.unsignedTx) {
    const expected = Transaction.fromRaw(Buffer.from(built.unsignedTx, 'hex'), { allowUnknownOutputs: true });
    const sameOutputs =
      expected.outputsLength === signed.outputsLength &&
      Array.from({ length: expected.outputsLength }, (_, index) => index).every((index) => {
        const [a, b] = [expected.getOutput(index), signed.getOutput(index)];
        return a.amount === b.amount && toHex(a.script!) === toHex(b.script!);
      });
    return {
      ok: false,
      reason: sameOutputs
        ? 'This PSBT spends other coins than the batch: sign the PSBT downloaded for this batch'
        : 'The outputs of this PSBT differ from the batch (an address or an amount changed): sign the PSBT downloaded for this batch',
    };
  }
  for (let index = 0; index < signed.inputsLength; index++) {
    const input = signed.getInput(index);
    const signedInput = input.finalScriptWitness?.length || input.finalScriptSig?.length || input.partialSig?.length;
    if (!signedInput) return { ok: false, reason: `Input ${index + 1} of ${signed.inputsLength} is not signed` };
  }
  try {
    if (!signed.isFinal) signed.finalize();
  } catch (error) {
    return { ok: false, reason: `The signatures could not be completed: ${(error as Error).message}` };
  }
  return { ok: true, rawTx: toHex(signed.extract()), txid: signed.id };
}
